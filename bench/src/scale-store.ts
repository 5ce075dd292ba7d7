/**
 * The scale benchmark's store (issue 34): millions of job events across many accounts, written straight
 * to the event store in batches. Each shape of job (3, 10, 20 or 30 events) is decided once by the
 * command handler, as the api would (a template job of the measured account); every other job is a copy
 * of a template's events with its own ids, number, title, customer, dates and moment, and its own hash
 * chain, computed in Postgres by the store's own functions (event_content, event_chain), so
 * `npm run verify-history` holds on it. Accounts other than the measured ones are ids with no sign-up:
 * nothing but their events and rows refers to them.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { JobCommand } from '@trenchline/domain';
import { commandHandler } from '@trenchline/platform';
import { streamName, type EventStore } from '@trenchline/event-store';
import { CREWS, CUSTOMERS, STATUSES, TITLES } from './job-rows.ts';

/** How many jobs of which shape each account has. */
export interface AccountShare {
  accountId: string;
  jobs: number;
  eventsPerJob: JobShape;
}
export type JobShape = 3 | 10 | 20 | 30;

/**
 * The hosted store of `factor` × 10,000,000 events: the measured account (100,000 jobs of 10 events),
 * one very large account (1,000,000 jobs of 3 events: the 1,000,000-row list), three large ones
 * (50,000 jobs of 20), and `small` small ones sharing the last ~3,000,000 (jobs of 30 events).
 */
export function hostedPlan(factor: number, accounts: { measured: string; veryLarge: string; small: string }, small = 995): AccountShare[] {
  const n = (x: number) => Math.max(1, Math.round(x * factor));
  const plan: AccountShare[] = [{ accountId: accounts.measured, jobs: n(100_000), eventsPerJob: 10 }];
  plan.push({ accountId: accounts.veryLarge, jobs: n(1_000_000), eventsPerJob: 3 });
  for (let k = 0; k < 3; k++) plan.push({ accountId: String(9000002 + k), jobs: n(50_000), eventsPerJob: 20 });
  for (let k = 0; k < small; k++) plan.push({ accountId: k === 0 ? accounts.small : String(9100000 + k), jobs: n(100), eventsPerJob: 30 });
  return plan;
}

/** The one-account store of the same run: the measured account's share alone. */
export const oneAccountPlan = (factor: number, measured: string): AccountShare[] => [hostedPlan(factor, { measured, veryLarge: '', small: '' }, 0)[0]];

export const planEvents = (plan: AccountShare[]) => plan.reduce((s, a) => s + a.jobs * a.eventsPerJob, 0);

// Placeholders in a template's values, replaced in each copy's JSON (chosen so nothing else reads the same).
const TEMPLATE_AT = '2031-06-15T12:00:00.000Z';
const TEMPLATE_DUE = '2031-01-01';
const TEMPLATE_START = '2031-01-02';
const TEMPLATE_CUSTOMER = 'Template Customer';
const TEMPLATE_STATUS = 'New';
const TEMPLATE_ID = 800_000_000_000; // the template's record ids; copies take ids from COPY_IDS up
const COPY_IDS = 1_000_000_000_000;

interface Template {
  shape: JobShape;
  /** Each event's type, data and metadata as JSON text with the placeholders. */
  events: { type: string; data: string; metadata: string }[];
  /** The template's ids (job first) as they appear in the JSON, quoted. */
  ids: string[];
}

function templateCommands(shape: JobShape, jobId: string, lineIds: string[]): JobCommand[] {
  const commands: JobCommand[] = [
    {
      type: 'CreateJob',
      jobId,
      values: { form_type: 'base', title: 'Scale job ~N~', job_number: 'SJ-~N~', customer: TEMPLATE_CUSTOMER, work_status: TEMPLATE_STATUS, start_date: TEMPLATE_START, completion_date: TEMPLATE_DUE, estimated_payout: 12500 },
    },
  ];
  for (const [i, lineId] of lineIds.entries()) {
    if (i % 3 === 0) commands.push({ type: 'AddLine', collection: 'job_items', lineId, values: { item: `Item ${i}`, uom: 'FT', qty: 100 + i, price: 3.25 } });
    else if (i % 3 === 1) commands.push({ type: 'AddLine', collection: 'job_notes', lineId, values: { note: `Crew on site, ${i} locates open.` } });
    else commands.push({ type: 'AddLine', collection: 'job_productions', lineId, values: { segment_number: `S${i}`, crew_name: CREWS[i % CREWS.length], feet: 50 + i, production_days: 0.5, crew_payout_amount: 125 } });
  }
  if (shape >= 10) commands[commands.length - 1] = { type: 'ReviseJob', values: { job_summary: 'Bore complete; restoration next week.' } };
  return commands;
}

/** A template job of each shape, decided by the command handler and appended for `writer`'s account. */
export async function makeTemplates(store: EventStore, pool: pg.Pool, writer: { accountId: string; userId: string; userName: string }): Promise<Map<JobShape, Template>> {
  const templates = new Map<JobShape, Template>();
  const handler = commandHandler({ store, pool, now: () => new Date(TEMPLATE_AT) });
  for (const [k, shape] of ([3, 10, 20, 30] as JobShape[]).entries()) {
    const base = TEMPLATE_ID + k * 100;
    const jobId = String(base);
    const lineIds = Array.from({ length: shape - 1 }, (_, i) => String(base + 1 + i));
    const r = await handler.execute(writer, 'job', jobId, templateCommands(shape, jobId, lineIds), { create: true });
    if (r.events.length !== shape) throw new Error(`template of ${shape} made ${r.events.length} events`);
    // The rows as stored (the metadata column is what copies need), as compact JSON.
    const { rows } = await pool.query<{ type: string; data: unknown; metadata: unknown }>('select type, data, metadata from events where stream_id = $1 order by stream_version', [streamName('job', jobId)]);
    templates.set(shape, {
      shape,
      events: rows.map((e) => ({ type: e.type, data: JSON.stringify(e.data), metadata: JSON.stringify(e.metadata) })),
      ids: [jobId, ...lineIds].map((id) => `"${id}"`),
    });
  }
  return templates;
}

const day = (base: string, days: number) => new Date(Date.parse(`${base}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Copy `n` of a template for an account: ids from `firstId`, values varied by n. */
function copyEvents(t: Template, accountId: string, n: number, firstId: number) {
  const idOf = new Map(t.ids.map((quoted, i) => [quoted, `"${firstId + i}"`]));
  const idPattern = new RegExp(t.ids.join('|'), 'g');
  const due = day('2026-06-01', n % 540);
  const vary = (s: string) =>
    s
      .replace(idPattern, (m) => idOf.get(m)!)
      .replaceAll('~N~', String(n))
      .replaceAll(TEMPLATE_DUE, due)
      .replaceAll(TEMPLATE_START, day(due, -30 - (n % 60)))
      .replaceAll(TEMPLATE_CUSTOMER, CUSTOMERS[n % CUSTOMERS.length])
      .replace(`"work_status":"${TEMPLATE_STATUS}"`, `"work_status":"${STATUSES[n % STATUSES.length]}"`)
      .replace('Scale job', TITLES[n % TITLES.length]);
  // Ten seconds apart: 1,350,000 jobs span 2025's first five months.
  const at = new Date(Date.UTC(2025, 0, 1) + n * 10_000).toISOString();
  const stream = `job-${firstId}`;
  return t.events.map((e, i) => ({
    event_id: randomUUID(),
    stream_id: stream,
    stream_version: i + 1,
    type: e.type,
    data: JSON.parse(vary(e.data)),
    // The account is in the metadata too (the projections read it there), not only in its column.
    metadata: { ...JSON.parse(e.metadata.replaceAll(TEMPLATE_AT, at)), accountId },
    account_id: accountId,
  }));
}

/** One statement per batch: the rows and their chained hashes, each stream new (seeded with no hash). */
const INSERT_BATCH = `insert into events (event_id, stream_id, stream_version, type, data, metadata, account_id, hash)
  select n.event_id, n.stream_id, n.stream_version, n.type, n.data, n.metadata, n.account_id,
         event_chain(null::bytea, event_content(n.event_id, n.stream_id, n.stream_version, n.type, n.data, n.metadata, n.account_id))
           over (partition by n.stream_id order by n.stream_version)
    from json_to_recordset($1::json) as n(event_id uuid, stream_id text, stream_version int, type text, data jsonb, metadata jsonb, account_id bigint)
   order by n.stream_id, n.stream_version`;

export const BATCH_EVENTS = 5_000;
const ROUNDS = 200;

/**
 * Every account's jobs written in rounds (each account a slice per round), so `$all` interleaves the
 * accounts as a hosted store's does; batches of BATCH_EVENTS events, `writers` at once.
 */
export async function fillStore(pool: pg.Pool, templates: Map<JobShape, Template>, plan: AccountShare[], o: { writers?: number; onProgress?: (events: number) => void } = {}) {
  let nextId = COPY_IDS;
  let serial = 0;
  function* batches(): Generator<unknown[]> {
    let batch: unknown[] = [];
    for (let r = 0; r < ROUNDS; r++)
      for (const a of plan) {
        const t = templates.get(a.eventsPerJob)!;
        const from = Math.floor((a.jobs * r) / ROUNDS);
        const to = Math.floor((a.jobs * (r + 1)) / ROUNDS);
        for (let j = from; j < to; j++) {
          batch.push(...copyEvents(t, a.accountId, serial++, nextId));
          nextId += t.ids.length;
          if (batch.length >= BATCH_EVENTS) {
            yield batch;
            batch = [];
          }
        }
      }
    if (batch.length) yield batch;
  }
  const source = batches();
  let events = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: o.writers ?? 2 }, async () => {
      for (let next = source.next(); !next.done; next = source.next()) {
        await pool.query(INSERT_BATCH, [JSON.stringify(next.value)]);
        events += next.value.length;
        o.onProgress?.(events);
      }
    }),
  );
  return { events, jobs: serial, ms: performance.now() - started };
}
