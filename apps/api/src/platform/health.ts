/**
 * GET /api/health. The public learns only `{status: 'up' | 'down'}` (200 / 503): up while this api can
 * reach its database. A signed-in user, or a local probe (a request from loopback with no
 * X-Forwarded-For), gets the details: database, Redis, each process kind's live instances (from their
 * heartbeats), each projection's lag (events and seconds) and, while committed events wait behind a
 * running transaction, that transaction (`held_back_by`), with `status` 'ok', 'degraded' (Redis away,
 * no live projector or worker, a projection behind that has not moved for PROJECTION_STALL_MS, or a
 * transaction holding the store back longer than that, a read replica that cannot be read or has paused) or
 * 'down'; with a read replica, its replay lag (`replica`). docs/architecture.md, "Health".
 */
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { MISSED_BEATS, positiveIntFromEnv, replicaState, type ProcessKind } from '@trenchline/read-model';
import type { HoldingTransaction } from '@trenchline/event-store';
import { projectionNames, whereAny } from '@trenchline/platform';
import { defineRoutes, reply } from './routes.ts';
import { actorOf } from './session.ts';
import type { ApiContext } from './context.ts';
import { hostname } from 'node:os';

/** A projection behind the head whose checkpoint has not moved for this long is stalled; read at each probe. */
const projectionStallMs = () => positiveIntFromEnv('PROJECTION_STALL_MS', 10_000);
/** No probe may hold the answer longer than this (a database that hangs is as good as down). */
const PROBE_TIMEOUT_MS = 2000;
const PROCESS_KINDS: ProcessKind[] = ['api', 'projector', 'worker'];

const within = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([work, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS).unref())]);

const state = (work: Promise<unknown>, what: string) => within(work, what).then(() => 'ok', (e: Error) => `error: ${e.message}`);

/** From this machine and not through a proxy (a proxy on loopback adds X-Forwarded-For). */
export function isLocalProbe(req: Request): boolean {
  const from = req.socket.remoteAddress ?? '';
  const loopback = from === '::1' || /^(::ffff:)?127\./.test(from);
  return loopback && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}

/** A process of this machine whose pid is gone: killed (kill -9 leaves its last beats behind), so not live. */
function goneFromThisMachine(host: string, pid: number): boolean {
  if (host !== hostname()) return false;
  try {
    process.kill(pid, 0); // signal 0 only asks whether the pid exists
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function liveProcesses(ctx: ApiContext) {
  const rows = await ctx.db.raw<{ rows: { kind: ProcessKind; host: string; pid: number; started_at: Date; beat_age_ms: number; info: Record<string, unknown> }[] }>(
    `select kind, host, pid, started_at, info, (extract(epoch from now() - beat_at) * 1000)::int as beat_age_ms
       from process_heartbeats
      where beat_at > now() - make_interval(secs => interval_ms * ? / 1000.0)
      order by kind, started_at`,
    [MISSED_BEATS],
  );
  const processes = {} as Record<ProcessKind, { live: number; instances: Record<string, unknown>[] }>;
  for (const kind of PROCESS_KINDS) {
    const instances = rows.rows.filter((r) => r.kind === kind && !goneFromThisMachine(r.host, r.pid)).map(({ host, pid, started_at, beat_age_ms, info }) => ({ host, pid, started_at, beat_age_ms, ...info }));
    processes[kind] = { live: instances.length, instances };
  }
  return processes;
}

interface Lag {
  projection: string;
  position: string | null;
  /** Committed events it has not applied: readable ones and those a running transaction holds back. */
  events_behind: number | null;
  /** Of those, the ones `$all` holds back (see held_back_by). */
  events_held_back: number | null;
  /** Every committed event applied (held-back ones count: a projection they wait for is not caught up). */
  caught_up: boolean;
  /** How long the oldest event the projection has not applied has been in the store (its stored time). */
  waiting_ms: number | null;
  /** The same in seconds, to a tenth: the projection's lag as time (0 when caught up). */
  lag_s: number | null;
  stalled: boolean;
  updated_at: Date | null;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function projectionLag(ctx: ApiContext, head: string | null): Promise<Lag[]> {
  const names = projectionNames();
  const rows = await whereAny(ctx.db('projection_checkpoints'), 'name', names, 'text')
    .select('name', 'position', 'updated_at', ctx.db.raw('(extract(epoch from now() - updated_at) * 1000)::int as idle_ms'));
  const checkpoints = names.map((name) => rows.find((r) => r.name === name) as { position: string | null; updated_at: Date | null; idle_ms: number | null } | undefined);
  const lags = await ctx.store.lag(checkpoints.map((cp) => cp?.position ?? null));
  return names.map((name, i) => {
    const cp = checkpoints[i];
    const { behind, heldBack, waitingMs } = lags[i];
    const idle = cp?.idle_ms ?? Infinity;
    // A store that cannot count the events behind: caught up when the checkpoint has reached the head.
    if (behind === null) {
      const caught_up = head === null || (cp?.position ? ctx.store.comparePositions(cp.position, head) >= 0 : false);
      return { projection: name, position: cp?.position ?? null, events_behind: null, events_held_back: null, caught_up, waiting_ms: null, lag_s: null, stalled: !caught_up && idle > projectionStallMs(), updated_at: cp?.updated_at ?? null };
    }
    const unapplied = behind + (heldBack ?? 0);
    return {
      projection: name,
      position: cp?.position ?? null,
      events_behind: unapplied,
      events_held_back: heldBack,
      caught_up: unapplied === 0,
      waiting_ms: waitingMs,
      lag_s: waitingMs === null ? 0 : seconds(waitingMs),
      // Readable events behind for a while and no batch committed for a while: a projection catching up
      // is not stalled, and one waiting for a held-back event is not either (held_back_by says why).
      stalled: behind > 0 && (waitingMs ?? 0) > projectionStallMs() && idle > projectionStallMs(),
      updated_at: cp?.updated_at ?? null,
    };
  });
}

/**
 * The transaction holding the store back, as health shows it (seconds, snake_case). Its statement only
 * to a local probe (the operator on the machine): another session's text may hold literal values,
 * and a signed-in user of any account sees the rest (docs/security.md, "What health tells whom").
 */
const holderView = (h: HoldingTransaction, local: boolean) => ({
  pid: h.pid,
  database: h.database,
  application: h.application,
  user: h.user,
  state: h.state,
  /** How long the transaction has run (null when the app's role may not see another role's session). */
  age_s: h.ageMs === null ? null : seconds(h.ageMs),
  /** How long the oldest event it holds back has waited. */
  holding_s: seconds(h.holdingMs),
  query: local ? h.query : null,
});

function heldBackProblem(h: HoldingTransaction): string {
  const who = [h.database && `database ${h.database}`, h.application && `application ${h.application}`, h.user && `user ${h.user}`, h.state, h.ageMs !== null && `running for ${Math.round(h.ageMs / 1000)} s`].filter(Boolean).join(', ');
  const end = h.pid === null ? 'commit or roll back the prepared transaction' : `end it with select pg_terminate_backend(${h.pid})`;
  return `a transaction (${h.pid === null ? 'prepared' : `pid ${h.pid}`}${who ? `, ${who}` : ''}) has held every projection back for ${Math.round(h.holdingMs / 1000)} s: lists show nothing newer until it ends; ${end}`;
}

async function details(ctx: ApiContext, redis: Redis, database: string, local: boolean) {
  const redisState = await state(redis.ping(), 'Redis');
  const base = { database, redis: redisState, event_store: ctx.store.kind };
  if (database !== 'ok') return { status: 'down' as const, problems: ['the database cannot be reached'], ...base };
  const [head, last, holder, processes] = await Promise.all([
    within(ctx.store.headPosition(), 'the event store').catch(() => null),
    within(ctx.store.lastPosition(), 'the event store').catch(() => null),
    // Only while committed events wait: the oldest transaction on the server, in whichever database.
    within(ctx.store.heldBackBy(), 'the event store').catch(() => null),
    within(liveProcesses(ctx), 'heartbeats'),
  ]);
  const lag = await within(projectionLag(ctx, head), 'projection lag');
  // The list reads' replica (docs/scaling.md): its replay behind the primary; null without one.
  const replica = ctx.readDb === ctx.db ? null : await within(replicaState(ctx.db, ctx.readDb), 'the read replica').catch((e: Error) => ({ error: e.message }));
  const problems = [
    ...(replica && 'error' in replica ? [`the read replica cannot be read (${replica.error}): list reads fail until it answers`] : []),
    ...(replica && 'paused' in replica && replica.paused ? ['the read replica has paused its replay: a list read right after a write waits up to 10 s, then shows the list without it'] : []),
    ...(redisState === 'ok' ? [] : ['Redis cannot be reached: live updates and reports wait for it']),
    ...(['projector', 'worker'] as const).filter((k) => processes[k].live === 0).map((k) => `no ${k} process is running`),
    ...lag.filter((p) => p.stalled).map((p) => `projection ${p.projection} is ${p.events_behind ?? 'some'} events behind and not moving`),
    // Every write's transaction holds the store back for its few milliseconds: only a long hold is a problem.
    ...(holder && holder.holdingMs > projectionStallMs() ? [heldBackProblem(holder)] : []),
  ];
  return {
    status: problems.length ? ('degraded' as const) : ('ok' as const),
    problems,
    ...base,
    head_position: head,
    last_position: last,
    caught_up: lag.every((p) => p.caught_up),
    held_back_by: holder ? holderView(holder, local) : null,
    processes,
    projections: lag,
    replica,
  };
}

export function healthRoutes(redis: Redis) {
  return defineRoutes('health', [
    {
      method: 'get',
      path: '/health',
      summary: 'Up or down; the database, Redis, processes and projection lag for a signed-in user or a local probe',
      public: true,
      handle: async (req, ctx) => {
        const database = await state(ctx.db.raw('select 1'), 'the database');
        const userId = (req.raw as Request & { session?: { userId?: string } }).session?.userId;
        const local = isLocalProbe(req.raw);
        const detailed = local || (database === 'ok' && (await actorOf(ctx, userId).catch(() => null)) !== null);
        const code = database === 'ok' ? 200 : 503;
        if (!detailed) return reply({ status: code, body: { status: database === 'ok' ? 'up' : 'down' } });
        const body = await details(ctx, redis, database, local).catch((e: Error) => ({ status: 'down' as const, problems: [e.message], database }));
        return reply({ status: body.status === 'down' ? 503 : 200, body });
      },
    },
  ]);
}
