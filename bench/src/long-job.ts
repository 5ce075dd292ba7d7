/**
 * One job with thousands of events, appended by the command handler in commands of 50 decided in turn on
 * the job's running state (its snapshot and the events after), as a long-running job's months of edits
 * would: lines added (items, notes, productions, crew payouts), items and the job revised, notes removed.
 * Every value is new, so each command is exactly one event. Used by the jobs and scale benchmarks.
 */
import type pg from 'pg';
import type { JobCommand } from '@trenchline/domain';
import { commandHandler } from '@trenchline/platform';
import { allocateIds, streamName, type EventStore } from '@trenchline/event-store';
import { CREWS } from './job-rows.ts';

export interface LongJob {
  id: string;
  stream: string;
  /** Events in the stream at the end. */
  version: number;
  /** The clock of the first appended command (one second apart after it): an as-of time inside the history. */
  firstAt: number;
  appendMs: number;
  /** The ids of its item lines. */
  itemIds: string[];
}

/** Grows the existing job `id` to `events` events. */
export async function appendLongJob(o: { store: EventStore; db: pg.Pool; writer: { accountId: string; userId: string; userName: string }; id: string; events: number }): Promise<LongJob> {
  const { store, db, writer, id, events } = o;
  const stream = streamName('job', id);
  const firstAt = Date.now();
  let at = firstAt;
  const commandsOf = commandHandler({ store, pool: db, now: () => new Date((at += 1000)) });
  let version = (await commandsOf.load(writer, 'job', id)).version;
  const lineIds = async (kind: string, n: number) => allocateIds(db, { kind, accountId: writer.accountId, streamId: stream, count: n });
  const itemIds = await lineIds('job_items', 800);
  const noteIds = await lineIds('job_notes', 600);
  const productionIds = await lineIds('job_productions', 600);
  const payoutIds = await lineIds('job_crew_payouts', 300);
  const commands: JobCommand[] = [];
  itemIds.forEach((lineId, i) => commands.push({ type: 'AddLine', collection: 'job_items', lineId, values: { item: `Item ${i}`, uom: 'FT', qty: 10 + (i % 90), price: 3.25 } }));
  noteIds.forEach((lineId, i) => commands.push({ type: 'AddLine', collection: 'job_notes', lineId, values: { note: `Daily note ${i}: crew on site, ${i % 7} locates open.` } }));
  productionIds.forEach((lineId, i) =>
    commands.push({ type: 'AddLine', collection: 'job_productions', lineId, values: { segment_number: `S${i % 20}`, crew_name: CREWS[i % 5], feet: 50 + (i % 30), production_days: 0.5, crew_payout_amount: 125 } }),
  );
  payoutIds.forEach((lineId, i) => commands.push({ type: 'AddLine', collection: 'job_crew_payouts', lineId, values: { crew_name: CREWS[i % 5], crew_payout_amount: 250 + i } }));
  for (let i = 0; commands.length < events - version - 200; i++) {
    commands.push(i % 3 === 0 ? { type: 'ReviseJob', values: { job_summary: `Summary revision ${i}` } } : { type: 'ReviseLine', collection: 'job_items', lineId: itemIds[i % itemIds.length], values: { qty: 1000 + i } });
  }
  for (let i = 0; commands.length < events - version; i++) commands.push({ type: 'RemoveLine', collection: 'job_notes', lineId: noteIds[i] });
  const started = performance.now();
  for (let i = 0; i < commands.length; i += 50) version = (await commandsOf.execute(writer, 'job', id, commands.slice(i, i + 50))).version;
  return { id, stream, version, firstAt, appendMs: performance.now() - started, itemIds };
}
