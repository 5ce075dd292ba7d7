/**
 * Which accounts a notification pass scans. A scan costs about 20 statements an account, so a pass
 * over 1,000 accounts every 30 s was 40,000 statements a minute on an idle store (docs/scaling.md). An
 * account is scanned again only when something its conditions read may have moved since this worker
 * scanned it:
 * - an event of the account after the projections' checkpoints as they stood at that scan (the read
 *   models the scan reads had not yet shown it, or it came later);
 * - its local day (locates, permits and tickets are due by the calendar);
 * - its users, their notification preferences or its bulk actions (written outside events): a stamp;
 * - a finished report or bulk action it was told of leaving its 24 hours;
 * - a full scan at least every FULL_SCAN_EVERY_MS, and every account on a worker's first pass.
 * The memory is this worker's: another worker's pass, or a restart, only scans more.
 */
import { DEFAULT_TIME_ZONE, localDate } from '@trenchline/domain';
import { NOTIFICATION_PREFERENCES } from '@trenchline/read-model';
import type { WorkerContext } from '../context.ts';

/** The safety net: every account is scanned at least this often, whatever the signals say. */
export const FULL_SCAN_EVERY_MS = 10 * 60_000;

/** Past so many events since the last mark, every account is scanned rather than the events read. */
const EVENTS_LOOKED_AT = 100_000;

/** What a worker knew of an account when it last scanned it. */
export interface ScannedAccount {
  day: string;
  stamp: string;
  /** When a condition it holds clears by time alone (a finished report's 24 hours), or null. */
  dueAt: number | null;
  scannedAt: number;
}

export interface PassMemory {
  /** The projections' lowest checkpoint at this worker's last pass; null before its first. */
  mark: string | null;
  accounts: Map<string, ScannedAccount>;
}

export const newPassMemory = (): PassMemory => ({ mark: null, accounts: new Map() });

/** What the pass sees of an account now. */
export interface AccountNow {
  id: string;
  day: string;
  stamp: string;
  /** An event of it after the last pass's mark. */
  changed: boolean;
}

/** Whether an account must be scanned now (pure: the decision the module's comment states). */
export function mustScan(kept: ScannedAccount | undefined, seen: AccountNow, now: number): boolean {
  if (!kept || seen.changed) return true;
  if (kept.day !== seen.day || kept.stamp !== seen.stamp) return true;
  if (kept.dueAt !== null && now >= kept.dueAt) return true;
  return now - kept.scannedAt >= FULL_SCAN_EVERY_MS;
}

/**
 * The open accounts as the pass sees them, and the mark to remember after it. The mark is read first:
 * an event it does not cover is looked for again at the next pass.
 */
export async function accountsNow(ctx: WorkerContext, memory: PassMemory, now: Date): Promise<{ accounts: AccountNow[]; mark: string }> {
  const { db } = ctx;
  const lowest = await db.raw(
    `select coalesce(position, '0:0') as position from projection_checkpoints
      order by split_part(coalesce(position, '0:0'), ':', 1)::xid8, split_part(coalesce(position, '0:0'), ':', 2)::bigint limit 1`,
  );
  const mark: string = lowest.rows[0]?.position ?? '0:0';
  const changed = new Set<string>();
  let all = memory.mark === null;
  const [xid, position] = (memory.mark ?? '0:0').split(':');
  if (!all) {
    // Far behind the head (a projection rebuilding, or one stopped): every account counts as changed, unread.
    const head = await db.raw('select global_position from events order by transaction_id desc, global_position desc limit 1');
    all = Number(head.rows[0]?.global_position ?? 0) - Number(position) > EVENTS_LOOKED_AT;
  }
  if (!all) {
    const rows = await db.raw(
      `select distinct account_id::text as account_id from events
        where (transaction_id, global_position) > (?::xid8, ?::bigint) and account_id is not null`,
      [xid, position],
    );
    for (const r of rows.rows as { account_id: string }[]) changed.add(r.account_id);
  }
  const users = await db.raw(
    `select u.account_id::text as account_id,
            md5(string_agg(concat_ws(':', u.id, u.role, u.active, u.email, p.value::text), ',' order by u.id)) as stamp
       from users u left join user_preferences p on p.user_id = u.id and p.name = ?
      group by u.account_id`,
    [NOTIFICATION_PREFERENCES],
  );
  const userStamps = new Map((users.rows as { account_id: string; stamp: string }[]).map((r) => [r.account_id, r.stamp]));
  const bulk = await db.raw(`select account_id::text as account_id, max(updated_at) as at from bulk_operations group by account_id`);
  const bulkStamps = new Map((bulk.rows as { account_id: string; at: Date }[]).map((r) => [r.account_id, new Date(r.at).toISOString()]));
  const open = (await db('accounts').whereNull('cancelled_at').select('id', 'time_zone')) as { id: string; time_zone: string | null }[];
  const accounts = open.map((a) => {
    const id = String(a.id);
    return { id, day: localDate(now, a.time_zone ?? DEFAULT_TIME_ZONE), stamp: `${userStamps.get(id) ?? ''}|${bulkStamps.get(id) ?? ''}`, changed: all || changed.has(id) };
  });
  return { accounts, mark };
}
