/**
 * The notification scan (docs/notifications.md), every 30 s: for each open account, the conditions that
 * hold now, from the read models and the account's rules; each told once to each user it concerns (the
 * table's unique key), in the channel the user chose; told ones that no longer hold are cleared. New
 * ones are offered to the account's webhooks (topic notification.<kind>), mailed at once where the user
 * chose e-mail, and each user's unread count goes out live.
 */
import {
  addTicketDays, addressed, finishedConditions, helpConditions, invoiceConditions, jobUsers, locateConditions, notificationLink, notificationRulesOf, notificationWords, officeUsers, permitConditions, ticketConditions,
  WATCHED_LOCATE_STATUSES, APPROVED_TICKET_STATUSES, addDays, FINISHED_WITHIN_MS, localDate, wallClock,
  type AccountUser, type Condition, type JobRow, type NotificationRulesState,
} from '@trenchline/domain';
import { accountTimeZone, claimDigestDay, clearNotifications, notificationView, offerToWebhooks, releaseDigestDay, openConditions, preferencesOf, tellOnce, unreadCount, wantedTopics, type NewNotification, type NotificationRow } from '@trenchline/read-model';
import { whereAny } from '@trenchline/platform';
import { appUrl } from '@trenchline/platform/mail.ts';
import type { WorkerContext } from '../context.ts';
import { accountRecordState } from '../records.ts';
import { accountLocateRules } from '../bulk/reup.ts';
import { accountsNow, mustScan, newPassMemory, type PassMemory } from './pass.ts';

type Job = JobRow & { assigned_user_ids: string[] | null; coordinator_email: string | null };

/** 'Archive of help tickets': what the requester asked for (the row's label is its progress). */
const bulkLabel = (action: string, list: string) => `${action[0].toUpperCase()}${action.slice(1)} of ${list.replaceAll('_', ' ')}`;

const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : d);

/** Everything the rules read of one account, narrowed in SQL to what may hold. */
async function conditionsOf(ctx: WorkerContext, accountId: string, now: Date) {
  // The account's day: a locate "expires in 2 days" by the calendar its people live by.
  const today = localDate(now, await accountTimeZone(ctx.db, accountId));
  const rules = notificationRulesOf((await accountRecordState(ctx, accountId, 'notification_rules')) as NotificationRulesState | null);
  const locateRules = await accountLocateRules(ctx, accountId);
  const live = <T extends string>(table: T) => ctx.db(table).where({ account_id: accountId, deleted: false });

  const locates = await whereAny(live('locates').where({ archived: false }), 'locate_status', WATCHED_LOCATE_STATUSES, 'text').whereNotNull('job_ref')
    .where('current_date_expiration', '<=', addTicketDays(today, rules.locate_working_days, locateRules))
    .select('id', 'current_ticket_number', 'current_date_expiration', 'locate_status', 'archived', 'job_ref');
  const permitBy = addDays(today, rules.permit_days);
  const tasks: { job_id: string; line_id: string; task_id: string | null; task_permit_expiration_date: string }[] = await ctx.db('collection_lines').where({ account_id: accountId, collection: 'job_tasks', removed: false })
    .whereRaw(`(line->>'task_permit_expiration_date') <= ?`, [permitBy])
    .select({ job_id: 'parent_id', line_id: 'id' }, ctx.db.raw(`line->>'task_id' as task_id`), ctx.db.raw(`line->>'task_permit_expiration_date' as task_permit_expiration_date`));
  const invoices = await live('orca_invoices').where({ status: 'Disapproved' }).select('id', 'job_id', 'invoice_number', 'account_job_number', 'task_id', 'status', 'status_since');
  const tickets = await live('tickets').where({ archived: false }).whereRaw('not (coalesce(ticket_status, \'\') = any(?::text[]))', [[...APPROVED_TICKET_STATUSES]])
    .where('created_date', '<', addDays(today, -rules.ticket_approval_days)).select('id', 'account_ticket_number', 'ticket_status', 'created_date', 'archived');
  const help = await live('help_tickets').where({ awaiting: 'submitter' }).select('id', 'subject', 'submitted_by', 'ticket_status', 'submitter_status', 'our_status', 'archived');
  const since = new Date(now.getTime() - FINISHED_WITHIN_MS);
  const reports = await whereAny(live('reports'), 'report_state', ['ready', 'failed'], 'text').where('updated_at', '>=', since)
    .select('id', 'requested_by', 'report_state', 'updated_at', ctx.db.raw(`view->>'label' as label`), ctx.db.raw(`view->>'generated_at' as generated_at`), ctx.db.raw(`view->>'error' as error`));
  const bulk = await whereAny(ctx.db('bulk_operations').where({ account_id: accountId }), 'status', ['done', 'failed'], 'text').where('updated_at', '>=', since)
    .select('id', 'requested_by', 'status', 'list', 'action', 'message', 'updated_at');

  const jobCols = ['id', 'account_job_number', 'crew_string', 'segment_plan_feet', 'segment_total_feet', 'work_status', 'archived', 'permit_expiration_date', ctx.db.raw(`view->'assigned_user_ids' as assigned_user_ids`), ctx.db.raw(`view->>'coordinator_email' as coordinator_email`)];
  const withPermits: Job[] = await live('jobs').where({ archived: false }).where('permit_expiration_date', '<=', permitBy).select(jobCols);
  const otherIds = [...new Set([...locates.map((l) => l.job_ref), ...tasks.map((t) => t.job_id), ...invoices.map((i) => i.job_id)].map(String))].filter((id) => !withPermits.some((j) => j.id === id));
  const others: Job[] = otherIds.length ? await whereAny(live('jobs'), 'id', otherIds).select(jobCols) : [];
  const jobs = new Map([...withPermits, ...others].map((j) => [String(j.id), j]));

  // A finished report or bulk action is told for 24 hours: the earliest end of those is when a scan is due by time alone.
  const ends = [...reports.map((r) => r.generated_at ?? iso(r.updated_at)!), ...bulk.map((b) => iso(b.updated_at)!)].map((at) => Date.parse(at) + FINISHED_WITHIN_MS).filter((t) => t > now.getTime());
  const dueAt = ends.length ? Math.min(...ends) : null;
  const conditions: Condition[] = [
    ...locateConditions(locates.map((l) => ({ ...l, id: String(l.id), job_ref: String(l.job_ref) })), jobs, locateRules, rules.locate_working_days, today),
    ...permitConditions(withPermits, tasks.map((t) => ({ ...t, job_id: String(t.job_id), line_id: String(t.line_id) })), rules.permit_days, today),
    ...ticketConditions(tickets.map((t) => ({ ...t, id: String(t.id) })), rules.ticket_approval_days, today),
    ...invoiceConditions(invoices.map((i) => ({ ...i, id: String(i.id), job_id: String(i.job_id), status_since: iso(i.status_since) }))),
    ...helpConditions(help.map((h) => ({ ...h, id: String(h.id), submitted_by: h.submitted_by === null ? null : String(h.submitted_by) }))),
    ...finishedConditions('report_finished', reports.map((r) => ({ id: String(r.id), requested_by: r.requested_by === null ? null : String(r.requested_by), label: r.label ?? 'Report', failed: r.report_state === 'failed', ended_at: r.generated_at ?? iso(r.updated_at)!, message: r.error })), now),
    ...finishedConditions('bulk_finished', bulk.map((b) => ({ id: String(b.id), requested_by: b.requested_by === null ? null : String(b.requested_by), label: bulkLabel(b.action, b.list), failed: b.status === 'failed', ended_at: iso(b.updated_at)!, message: b.message })), now),
  ];
  return { conditions, jobs, dueAt };
}

/** The mail of one notification (at once) or of several (the digest). */
export const notificationMailText = (rows: readonly Pick<NotificationRow, 'title' | 'body' | 'link'>[], origin: string) =>
  rows.map((r) => `${r.title}\n${r.body}\n${origin}${r.link}`).join('\n\n');

/** Where the mails' links point: the app's own address. */

/** One account's scan at `now`: told, cleared, and the users whose count changed. */
export async function scanAccount(ctx: WorkerContext, accountId: string, now: Date) {
  const { conditions, jobs, dueAt } = await conditionsOf(ctx, accountId, now);
  const users: AccountUser[] = (await ctx.db('users').where({ account_id: accountId }).select('id', 'email', 'role', 'active')).map((u) => ({ ...u, id: String(u.id) }));
  const office = officeUsers(users);
  const usersOfJob = (id: string) => {
    const j = jobs.get(id);
    return j ? jobUsers({ assigned_user_ids: j.assigned_user_ids ?? [], coordinator_email: j.coordinator_email }, users) : office;
  };
  const held = addressed(conditions, usersOfJob, office);
  const prefs = await preferencesOf(ctx.db, [...new Set(held.map((h) => h.userId))]);
  const rows: NewNotification[] = held.flatMap(({ condition: c, userId }) => {
    const channel = prefs.get(userId)![c.kind];
    if (channel === 'off') return [];
    return [{ account_id: accountId, user_id: userId, kind: c.kind, channel, aggregate: c.record.aggregate, record_id: c.record.id, record_number: c.record.number, key: c.key, link: notificationLink(c.record), ...notificationWords(c.record, c.facts) }];
  });
  // Told and offered to the account's webhooks in one transaction: a crash never leaves one without the other.
  const told = await ctx.db.transaction(async (trx) => {
    const inserted = await tellOnce(trx, rows, now);
    // Only the topics a webhook wants are offered: a first scan may tell thousands, and most accounts have no webhook.
    const wanted = inserted.length ? await wantedTopics(trx, accountId) : new Set<string>();
    for (const n of inserted.filter((x) => wanted.has(`notification.${x.kind}`)))
      await offerToWebhooks(trx, { accountId, topic: `notification.${n.kind}`, dedupeKey: `notification:${n.id}`, payload: { ...notificationView(n), user_id: String(n.user_id) } });
    return inserted;
  });

  const holding = new Set(held.map((h) => `${h.userId} ${h.condition.key}`));
  const gone = (await openConditions(ctx.db, accountId)).filter((o) => !holding.has(`${o.user_id} ${o.key}`));
  const clearedUsers = await clearNotifications(ctx.db, gone.map((g) => String(g.id)), now);

  await mailWaiting(ctx, accountId, 'email', now);
  const changed = [...new Set([...told.map((t) => String(t.user_id)), ...clearedUsers])];
  for (const userId of changed) ctx.toUser(userId, 'notifications', { unread: await unreadCount(ctx.db, userId) });
  return { told: told.length, cleared: gone.length, users: changed, dueAt };
}

/**
 * Mails each of the account's notifications waiting in `channel` (claimed first, so two passes never
 * mail one twice; a failed send gives it back for the next pass). E-mail: one mail each; digest: one
 * mail per user with all of theirs.
 */
export async function mailWaiting(ctx: WorkerContext, accountId: string, channel: 'email' | 'digest', now: Date) {
  const stamp = channel === 'email' ? 'emailed_at' : 'digested_at';
  const waiting = (await ctx.db('notifications').where({ account_id: accountId, channel }).whereNull(stamp).whereNull('cleared_at').orderBy('id').select('*')) as NotificationRow[];
  const byUser = new Map<string, NotificationRow[]>();
  for (const r of waiting) byUser.set(String(r.user_id), [...(byUser.get(String(r.user_id)) ?? []), r]);
  let sent = 0;
  for (const [userId, rows] of byUser) {
    const to = await ctx.db('users').where({ id: userId, active: true }).first('email');
    if (!to) continue;
    for (const batch of channel === 'email' ? rows.map((r) => [r]) : [rows]) {
      const ids = batch.map((r) => r.id);
      const claimed = await whereAny(ctx.db('notifications'), 'id', ids).whereNull(stamp).update({ [stamp]: now });
      if (claimed !== ids.length) continue;
      const subject = channel === 'email' ? `Trenchline: ${batch[0].title}` : `Trenchline: your daily digest (${batch.length} notification${batch.length === 1 ? '' : 's'})`;
      try {
        await ctx.mailer.send({ to: to.email, kind: channel === 'email' ? 'notification' : 'notification_digest', subject, text: notificationMailText(batch, appUrl()) });
        sent += 1;
      } catch (e) {
        await whereAny(ctx.db('notifications'), 'id', ids).update({ [stamp]: null });
        throw e;
      }
    }
  }
  return sent;
}

/** The local hour each account's digest goes at (NOTIFICATION_DIGEST_HOUR, 0-23, default 7). */
export function digestHour(): number {
  const h = Number(process.env.NOTIFICATION_DIGEST_HOUR ?? 7);
  return Number.isInteger(h) && h >= 0 && h <= 23 ? h : 7;
}

/**
 * The daily digest, run hourly: each open account whose local time is past its digest hour and whose
 * day is not yet claimed mails each user their undigested digest notifications in one mail. The claim
 * (one row per account and local day) makes it once a day across workers and restarts; a worker down
 * at the hour mails at its next pass that day.
 */
export function mailDigests(ctx: WorkerContext) {
  return async () => {
    const now = ctx.now();
    const hour = digestHour();
    let mails = 0;
    for (const a of await ctx.db('accounts').whereNull('cancelled_at').select('id')) {
      const accountId = String(a.id);
      const timeZone = await accountTimeZone(ctx.db, accountId);
      if (wallClock(now.getTime(), timeZone).h < hour) continue;
      const day = localDate(now, timeZone);
      if (!(await claimDigestDay(ctx.db, accountId, day, now))) continue;
      try {
        mails += await mailWaiting(ctx, accountId, 'digest', now);
      } catch (e) {
        await releaseDigestDay(ctx.db, accountId, day);
        throw e;
      }
    }
    return { mails };
  };
}

/** The scheduled job: each open account in turn whose conditions may have moved since this worker last scanned it (pass.ts). */
export function scanNotifications(ctx: WorkerContext, memory: PassMemory = newPassMemory()) {
  // Passes of one worker run one after another: a pass with an older view must not clear what a newer one told, then be trusted.
  let previous: Promise<unknown> = Promise.resolve();
  return () => {
    const run = previous.then(() => pass(ctx, memory));
    previous = run.catch(() => undefined);
    return run;
  };
}

/** One pass: the accounts as they are now, each scanned that must be. */
async function pass(ctx: WorkerContext, memory: PassMemory) {
  const now = ctx.now();
  const { accounts, mark } = await accountsNow(ctx, memory, now);
  let told = 0;
  let cleared = 0;
  let scanned = 0;
  const failed: string[] = [];
  for (const a of accounts) {
    if (!mustScan(memory.accounts.get(a.id), a, now.getTime())) continue;
    scanned += 1;
    // One account's failure must not keep the others' notifications back: each is scanned on its own.
    try {
      const r = await scanAccount(ctx, a.id, now);
      told += r.told;
      cleared += r.cleared;
      memory.accounts.set(a.id, { day: a.day, stamp: a.stamp, dueAt: r.dueAt, scannedAt: now.getTime() });
    } catch (e) {
      memory.accounts.delete(a.id);
      failed.push(`account ${a.id}: ${(e as Error).message.slice(0, 300)}`);
    }
  }
  memory.mark = mark;
  // Said after the others were scanned, so the queue shows the failure and the next pass tries again.
  if (failed.length) throw new Error(`notification scan failed for ${failed.length} of ${accounts.length} accounts; ${failed.join('; ')}`);
  return { accounts: accounts.length, scanned, told, cleared };
}
