/**
 * Writers that keep writing through faults (bids, and notes on their bids, over HTTP) and remember
 * every write the api acknowledged, then the checks that each one is in the event store and in the
 * read models. Also a sampler of Postgres' connection count.
 */
import pg from 'pg';
import { Client, type Res } from '../../support/client.ts';

export interface Ack {
  kind: 'bid' | 'note';
  id: string;
  /** The bid's stream, whichever kind. */
  stream: string;
  position: string;
}

export interface Tally {
  acks: Ack[];
  /** Answers by status, and 'network' for a request the api never answered (it was killed). */
  statuses: Record<string, number>;
  /** 503 answers without a Retry-After header. */
  unavailableWithoutRetryAfter: number;
}

export const newTally = (): Tally => ({ acks: [], statuses: {}, unavailableWithoutRetryAfter: 0 });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request that gives up after `ms` (an api being killed may never answer). */
export async function within<T>(work: Promise<T>, ms = 3000): Promise<T | null> {
  return Promise.race([work, sleep(ms).then(() => null)]);
}

/** One write; the answer counted; an acknowledged one remembered. */
export async function write(c: Client, tally: Tally, what: { bid?: string; label: string }): Promise<Ack | null> {
  let r: Res | null;
  try {
    r = await within(what.bid ? c.post(`/api/bids/${what.bid}/notes/`, { note: what.label }) : c.post('/api/bids/', { work_request: what.label }), 10_000);
  } catch {
    r = null;
  }
  const key = r ? String(r.status) : 'network';
  tally.statuses[key] = (tally.statuses[key] ?? 0) + 1;
  if (r?.status === 503 && !r.headers.get('retry-after')) tally.unavailableWithoutRetryAfter++;
  if (r?.status !== 201) return null;
  const ack: Ack = { kind: what.bid ? 'note' : 'bid', id: String(r.body.id), stream: `bid-${what.bid ?? r.body.id}`, position: r.headers.get('x-position') ?? r.body.position };
  tally.acks.push(ack);
  return ack;
}

/** `count` writers, each its own account, writing until stop() (a bid, then two notes on it, and again). */
export function startWriters(clients: Client[], tally: Tally) {
  let stopped = false;
  const loops = clients.map(async (c, w) => {
    for (let n = 0; !stopped; n++) {
      const bid = await write(c, tally, { label: `W${w}-${n}` });
      if (!bid) {
        await sleep(100); // the app is away: do not spin
        continue;
      }
      for (let k = 0; k < 2 && !stopped; k++) if (!(await write(c, tally, { bid: bid.id, label: `W${w}-${n}-${k}` }))) await sleep(100);
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Acknowledged writes missing from the event store, the bids list or the note lines (empty when all are there). */
export async function missingAcks(pool: pg.Pool, acks: Ack[]): Promise<string[]> {
  const missing: string[] = [];
  // By the whole position, the events table's key.
  const byPosition = await pool.query<{ position: string; stream_id: string }>(
    `select transaction_id::text || ':' || global_position::text as position, stream_id from events
      where (transaction_id, global_position) in (select split_part(p, ':', 1)::xid8, split_part(p, ':', 2)::bigint from unnest($1::text[]) as p)`,
    [acks.map((a) => a.position)],
  );
  const stored = new Map(byPosition.rows.map((r) => [r.position, r.stream_id]));
  for (const a of acks) if (stored.get(a.position) !== a.stream) missing.push(`event store: ${a.kind} ${a.id} at ${a.position}`);
  const bids = acks.filter((a) => a.kind === 'bid').map((a) => a.id);
  const listed = new Set((await pool.query<{ id: string }>('select id::text from bids where id = any($1::bigint[]) and not deleted', [bids])).rows.map((r) => r.id));
  for (const id of bids) if (!listed.has(id)) missing.push(`bids list: bid ${id}`);
  const notes = acks.filter((a) => a.kind === 'note').map((a) => a.id);
  const lines = new Set((await pool.query<{ id: string }>('select id::text from collection_lines where id = any($1::bigint[]) and not removed', [notes])).rows.map((r) => r.id));
  for (const id of notes) if (!lines.has(id)) missing.push(`note lines: note ${id}`);
  return missing;
}

/** Bid streams whose list row does not carry the stream's last version: a hole in the read model. */
export async function readModelHoles(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ stream_id: string; stored: number; listed: number | null }>(
    `select e.stream_id, max(e.stream_version) as stored, b.version as listed
       from events e left join bids b on 'bid-' || b.id = e.stream_id
      where e.stream_id like 'bid-%'
      group by e.stream_id, b.version
     having b.version is distinct from max(e.stream_version)`,
  );
  return rows.map((r) => `${r.stream_id}: store v${r.stored}, list v${r.listed ?? 'none'}`);
}

/** True once every projection's checkpoint has passed the store's head. */
export async function projectionsCaughtUp(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ behind: number }>(
    `select count(*)::int as behind from projection_checkpoints c
      where exists (select 1 from events e
                     where (e.transaction_id, e.global_position) > (split_part(coalesce(c.position, '0:0'), ':', 1)::xid8, split_part(coalesce(c.position, '0:0'), ':', 2)::bigint)
                       and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot()))`,
  );
  return rows[0].behind === 0;
}

/** Samples the server's client connections (other than its own) every 200 ms; keeps the peak and who held them. */
export function connectionSampler(url: string) {
  let peak = 0;
  let peakBy: Record<string, number> = {};
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      c.on('error', () => undefined);
      try {
        await c.connect();
        while (!stopped) {
          const { rows } = await c.query<{ app: string; n: number }>(
            `select coalesce(nullif(application_name, ''), 'other') as app, count(*)::int as n from pg_stat_activity
              where backend_type = 'client backend' and pid <> pg_backend_pid() group by 1`,
          );
          const total = rows.reduce((s, r) => s + r.n, 0);
          if (total > peak) {
            peak = total;
            peakBy = Object.fromEntries(rows.map((r) => [r.app, r.n]));
          }
          await sleep(200);
        }
      } catch {
        await sleep(200); // the server is restarting
      } finally {
        await c.end().catch(() => undefined);
      }
    }
  })();
  return {
    get peak() {
      return { total: peak, by: peakBy };
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** Milliseconds until `check` holds, polling every 50 ms; throws after `limitMs` (the 10 s). */
export async function timeUntil(what: string, check: () => Promise<boolean>, limitMs = 10_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return Math.round(performance.now() - t0);
    if (performance.now() - t0 > limitMs) throw new Error(`${what}: not back within ${limitMs / 1000} s`);
    await sleep(50);
  }
}
