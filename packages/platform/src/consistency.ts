/**
 * Read your own writes: a list request with `X-Min-Position` waits until every projection the list
 * reads has passed that position, so the list contains what the user just saved. It waits while the
 * projections move: it gives up after 5 s in which none moved (a stalled projector must not hold every
 * read; one batch of a busy projector can take seconds, so 2 s gave up on working ones) or 10 s in all,
 * so on a busy machine a read still waits for a projector that is slow but working. Projections that are still because a transaction holds the store back (the position is
 * committed but not yet readable, docs/architecture.md "When a transaction holds the store back") are
 * not a stalled projector: the read waits on for them, up to the 10 s. A position beyond the last event the store has committed is none the store handed out: it
 * answers at once instead of holding the request. The api waits so for a request; the worker, before
 * it reads what the user's earlier writes made (the CSV import's existing jobs).
 *
 * With a streaming replica (the api's `readDb`, docs/scaling.md) the checkpoints are read there: a
 * checkpoint commits with its batch's rows, so a replica that has replayed the checkpoint has replayed
 * the rows, and the primary (replayed from) has them too. A replica still behind projections that have
 * passed on the primary is replaying, not stalled: the read waits on for it, up to the 10 s.
 */
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import { projectionsOfList } from './lists.ts';
import { whereAny } from './sql.ts';

type Reader = { db: Knex; readDb?: Knex; store: Pick<EventStore, 'comparePositions' | 'lastPosition' | 'headPosition'> };

/** How long a read waits for projections that do not move at all, and for ones that do. */
const STILL_WAIT_MS = 5000;
const MAX_WAIT_MS = 10_000;

/** `o` shortens the two bounds for a caller that must not wait as long as a read does (heavy work keeping pace, bulk/turn.ts). */
export async function waitForLists(ctx: Reader, lists: string[], minPosition: string, o: { stillMs?: number; maxMs?: number } = {}): Promise<boolean> {
  const stillMs = o.stillMs ?? STILL_WAIT_MS;
  const maxMs = o.maxMs ?? MAX_WAIT_MS;
  if (!/^\d{1,20}:\d{1,20}$/.test(minPosition)) return false; // not a cursor we issued: answer at once
  const names = lists.flatMap(projectionsOfList);
  const reads = ctx.readDb ?? ctx.db;
  const passed = async (db: Knex) => {
    const rows = await whereAny(db('projection_checkpoints'), 'name', names, 'text').select('name', 'position');
    const done = names.every((n) => {
      const p = rows.find((r) => r.name === n)?.position;
      return p && ctx.store.comparePositions(p, minPosition) >= 0;
    });
    return { rows, done };
  };
  const start = Date.now();
  let moved = start;
  let seen = '';
  for (let delay = 5, first = true; ; delay = Math.min(delay * 2, 50), first = false) {
    const { rows, done } = await passed(reads);
    if (done) return true;
    // Asked once, when the lists are behind: a cursor past the store's last event would wait in vain.
    if (first) {
      const last = await ctx.store.lastPosition();
      if (!last || ctx.store.comparePositions(minPosition, last) > 0) return false;
    }
    const now = Date.now();
    const positions = rows.map((r) => `${r.name}=${r.position}`).sort().join(' ');
    if (positions !== seen) [seen, moved] = [positions, now];
    if (now - start > maxMs) return false;
    if (now - moved > stillMs) {
      // Projected on the primary already: the replica is replaying it, not stalled; waited for up to the 10 s.
      const replaying = reads !== ctx.db && (await passed(ctx.db)).done;
      // Readable already, yet not projected: the projector is stalled. Not readable yet: held back, so
      // the stillness is the holder's; the projector's 5 s start again (from now) once it lets go.
      const head = replaying ? null : await ctx.store.headPosition();
      if (head !== null && ctx.store.comparePositions(head, minPosition) >= 0) return false;
      moved = now;
    }
    await new Promise((r) => setTimeout(r, delay));
  }
}
