/**
 * Read your own writes: a list request with `X-Min-Position` waits (at most 2 s) until every
 * projection the list reads has passed that position, so the list contains what the user just saved.
 * A position beyond the last event the store has committed is none the store handed out: it answers
 * at once instead of holding the request. The api waits so for a request; the worker, before it reads
 * what the user's earlier writes made (the CSV import's existing jobs).
 */
import type { Knex } from 'knex';
import type { EventStore } from '@trenchline/event-store';
import { projectionsOfList } from './lists.ts';
import { whereAny } from './sql.ts';

type Reader = { db: Knex; store: Pick<EventStore, 'comparePositions' | 'lastPosition'> };

const MAX_WAIT_MS = 2000;

export async function waitForLists(ctx: Reader, lists: string[], minPosition: string): Promise<boolean> {
  if (!/^\d{1,20}:\d{1,20}$/.test(minPosition)) return false; // not a cursor we issued: answer at once
  const names = lists.flatMap((l) => projectionsOfList[l] ?? []);
  const deadline = Date.now() + MAX_WAIT_MS;
  for (let delay = 5, first = true; ; delay = Math.min(delay * 2, 50), first = false) {
    const rows = await whereAny(ctx.db('projection_checkpoints'), 'name', names, 'text').select('name', 'position');
    const done = names.every((n) => {
      const p = rows.find((r) => r.name === n)?.position;
      return p && ctx.store.comparePositions(p, minPosition) >= 0;
    });
    if (done) return true;
    // Asked once, when the lists are behind: a cursor past the store's last event would wait in vain.
    if (first) {
      const last = await ctx.store.lastPosition();
      if (!last || ctx.store.comparePositions(minPosition, last) > 0) return false;
    }
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, delay));
  }
}
