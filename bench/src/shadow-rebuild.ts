/**
 * A shadow rebuild beside a live projector (apps/projector shared/rebuild.ts), for bench/src/replay.ts:
 * a list page (the bids list's page 1 of 50 and its count, the list engine's own queries, in-process)
 * timed with the live projector alone, then while every projection rebuilds at a bumped version beside
 * the live tables; the rebuild's rate is the store's events over the time from start to swap.
 */
import type { EventStore } from '@trenchline/event-store';
import type { Db } from '@trenchline/read-model';
import { countMatching, matchingRows } from '@trenchline/read-model';
import { silentPublisher } from '@trenchline/platform';
import { projections as allProjections, startProjector } from '@trenchline/projector';
import { summarize, type Summary } from './stats.ts';

export interface ShadowRebuildFigures {
  seconds: number;
  eventsPerSecond: number;
  projections: number;
  pageWithout: Summary;
  pageDuring: Summary;
}

/** One list page as the api asks it: the rows of page 1 and the count. */
async function listPage(db: Db, accountId: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const t0 = performance.now();
  await matchingRows(db, 'bids', accountId, {}, { today, page: 1, pageSize: 50 });
  await countMatching(db, 'bids', accountId, {}, { today });
  return performance.now() - t0;
}

/** Pages read one after another (10 ms apart) until `until` resolves or `n` are read. */
async function pagesWhile(db: Db, accountId: string, o: { until?: Promise<unknown>; n?: number }): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void o.until?.finally(() => (done = true));
  while (!done && (o.n === undefined || times.length < o.n)) {
    times.push(await listPage(db, accountId));
    await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}

export async function measureShadowRebuild(o: { store: EventStore; db: Db; databaseUrl: string; accountId: string; events: number; version: number }): Promise<ShadowRebuildFigures> {
  const live = allProjections();
  const without = await (async () => {
    const projector = await startProjector({ store: o.store, db: o.db, databaseUrl: o.databaseUrl, live: silentPublisher, projections: live.map((p) => ({ ...p, version: o.version - 1 })) });
    try {
      await projector.rebuilding;
      return await pagesWhile(o.db, o.accountId, { n: 300 });
    } finally {
      await projector.stop();
    }
  })();
  const bumped = live.map((p) => ({ ...p, version: o.version }));
  const projector = await startProjector({ store: o.store, db: o.db, databaseUrl: o.databaseUrl, live: silentPublisher, projections: bumped });
  const t0 = performance.now();
  try {
    const during = await pagesWhile(o.db, o.accountId, { until: projector.rebuilding });
    await projector.rebuilding;
    const ms = performance.now() - t0;
    const swapped = await o.db('projection_checkpoints').where({ version: o.version }).count({ n: '*' }).first();
    if (Number(swapped?.n) !== bumped.length) throw new Error(`shadow rebuild: ${swapped?.n} of ${bumped.length} checkpoints at version ${o.version}`);
    return {
      seconds: Math.round(ms) / 1000,
      eventsPerSecond: Math.round((o.events * 1000) / ms),
      projections: bumped.length,
      pageWithout: summarize(without),
      pageDuring: summarize(during),
    };
  } finally {
    await projector.stop();
  }
}
