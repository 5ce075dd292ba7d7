/**
 * The daily history anchor (docs/audit.md): for each open account, its anchor at the newest readable
 * position is mailed to its admins, appended as HistoryAnchored to its settings record (so it shows in
 * the trail) and kept in history_anchors in the same transaction. Once a day per account: a retry after
 * a failure part way skips the accounts whose anchor of the day is kept.
 */
import { currentAnchor, keepAnchor, type Anchor } from '@trenchline/event-store';
import { singletonRecordId, type Writer } from '@trenchline/platform';
import type { WorkerContext } from '../context.ts';
import { today } from '../context.ts';

/** Who the anchor's event names: the system, not a user. */
const writerFor = (accountId: string): Writer => ({ accountId, userId: '0', userName: 'Trenchline (daily history anchor)' });

interface Admin { email: string; display_name: string }

/** The account's active admins; an account without one (made before roles) mails its first user, who is its admin by rule. */
async function adminsOf(ctx: WorkerContext, accountId: string): Promise<Admin[]> {
  const { rows } = await ctx.pool.query<Admin>(
    `select email, display_name from users u
      where account_id = $1 and active
        and (role = 'admin' or (not exists (select from users a where a.account_id = $1 and a.active and a.role = 'admin')
                               and id = (select min(f.id) from users f where f.account_id = $1 and f.active)))
      order by id`,
    [accountId],
  );
  return rows;
}

export function anchorMail(o: { accountId: string; accountName: string; day: string; anchor: Anchor }) {
  const { anchor, accountId } = o;
  return {
    subject: `Trenchline: the history anchor of ${o.accountName} for ${o.day}`,
    text: [
      `The history of ${o.accountName} was anchored on ${o.day}.`,
      '',
      `Anchor:   ${anchor.hash}`,
      `Position: ${anchor.position}`,
      `Events:   ${anchor.events} (in ${anchor.streams} records)`,
      '',
      'Keep this mail somewhere other than Trenchline. With it anyone can check later that nobody changed the',
      "account's history up to this point, even someone with access to the database:",
      `- signed in as an admin or auditor: GET /api/audit/verify/?anchor=${anchor.hash}&position=${anchor.position}`,
      '  (Audit > Verify history checks the anchors Trenchline keeps itself);',
      `- on the server: npm run verify-history -- --account ${accountId} --anchor ${anchor.hash} --position ${anchor.position}`,
      'Either answers ok: true while the history still matches this anchor, and names the first break otherwise.',
    ].join('\n'),
  };
}

/** One account's anchor of `day`, unless it has one already: mailed, then recorded with its kept copy. */
export async function anchorAccount(ctx: WorkerContext, account: { id: string; name: string }, day: string): Promise<Anchor | null> {
  const { rowCount } = await ctx.pool.query(
    `select 1 from history_anchors where account_id = $1 and made_at >= $2::date::timestamp at time zone 'UTC' and made_at < ($2::date + 1)::timestamp at time zone 'UTC'`,
    [account.id, day],
  );
  if (rowCount) return null;
  const anchor = await currentAnchor(ctx.pool, account.id);
  const admins = await adminsOf(ctx, account.id);
  const mail = anchorMail({ accountId: account.id, accountName: account.name, day, anchor });
  for (const a of admins) await ctx.mailer.send({ to: a.email, kind: 'history_anchor', ...mail });
  const writer = writerFor(account.id);
  const settingsId = await singletonRecordId({ pool: ctx.pool, commands: ctx.commands }, writer, 'account_settings');
  const { position, hash, events, streams } = anchor;
  await ctx.commands.execute(writer, 'account_settings', settingsId, { type: 'RecordHistoryAnchor', anchor: { position, hash, events, streams }, mailedTo: admins.map((a) => a.email) }, {
    unscoped: true,
    sideWrites: (client) => keepAnchor(client, anchor, ctx.now()),
  });
  return anchor;
}

/** The scheduled job: every open account in turn. */
export const anchorHistories = (ctx: WorkerContext) => async () => {
  const day = today(ctx);
  const { rows: accounts } = await ctx.pool.query<{ id: string; name: string }>('select id::text as id, name from accounts where cancelled_at is null order by id');
  let anchored = 0;
  for (const a of accounts) if (await anchorAccount(ctx, a, day)) anchored++;
  return { day, accounts: accounts.length, anchored };
};
