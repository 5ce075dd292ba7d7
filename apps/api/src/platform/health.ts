/** GET /api/health: the database, Redis and each projection's lag behind the event store. */
import type { Redis } from 'ioredis';
import { defineRoutes, reply } from './routes.ts';
import { projections } from '@trenchline/projector/registry.ts';

export function healthRoutes(redis: Redis) {
  return defineRoutes('health', [
    {
      method: 'get',
      path: '/health',
      summary: 'Database, Redis and projector lag',
      public: true,
      handle: async (_req, ctx) => {
        const database = await ctx.db.raw('select 1').then(() => 'ok', (e) => `error: ${e.message}`);
        const redisState = await redis.ping().then(() => 'ok', (e) => `error: ${e.message}`);
        const head = await ctx.store.headPosition().catch(() => null);
        const rows = await ctx.db('projection_checkpoints').select('name', 'position', 'updated_at').catch(() => []);
        const lag = await Promise.all(
          projections.map(async (p) => {
            const cp = rows.find((r) => r.name === p.name);
            const behind =
              ctx.store.kind === 'postgres'
                ? Number(
                    (
                      await ctx.db.raw(
                        `select count(*)::int as n from events where (transaction_id, global_position) > (?::xid8, ?::bigint) and transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
                        (cp?.position ?? '0:0').split(':'),
                      )
                    ).rows[0].n,
                  )
                : null;
            return { projection: p.name, position: cp?.position ?? null, events_behind: behind, caught_up: head === null || (cp?.position ? ctx.store.comparePositions(cp.position, head) >= 0 : false), updated_at: cp?.updated_at ?? null };
          }),
        );
        const ok = database === 'ok' && redisState === 'ok';
        return reply({ status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'degraded', database, redis: redisState, event_store: ctx.store.kind, head_position: head, projections: lag } });
      },
    },
  ]);
}
