/**
 * Read your own writes without X-Min-Position: the route registry remembers the position of each
 * signed-in session's last write (the X-Position of its answer) before the answer leaves, and a later
 * list read of the session waits for it (bounded: packages/platform/src/consistency.ts). The spec's
 * client creates, saves or deletes and then reads a list at once, with no X-Min-Position; the web still
 * sends the header, and a read waits for the later of the two: a client that keeps the position of its
 * last answer, not of its latest write, may name an earlier one after writes made at once.
 */
import type { ApiContext } from './context.ts';

const POSITION = /^(\d{1,20}):(\d{1,20})$/;

const laterOf = (ctx: ApiContext, a: string | null, b: string | null) => (!a ? b : !b || !POSITION.test(a) || !POSITION.test(b) ? a : ctx.store.comparePositions(a, b) >= 0 ? a : b);

/** What a read of the session waits for: the later of the header's position (when sent) and the session's last write. */
export async function ownLastWrite(ctx: ApiContext, header: string | undefined, sid: string | undefined): Promise<string | null> {
  return laterOf(ctx, header ?? null, sid ? await lastWriteOf(ctx, sid) : null);
}

/**
 * Keeps `position` as the session's last write unless it already holds a later one. Committed without
 * waiting for the disk (`synchronous_commit` off for this one statement's transaction, set inside it):
 * it is a hint for the session's next read, which a Postgres crash may lose with no harm (the read then
 * waits for nothing of its own), and a write's answer no longer waits on a second flush after its events'.
 */
export async function rememberWrite(ctx: ApiContext, sid: string, position: string): Promise<void> {
  const m = POSITION.exec(position);
  if (!m) return;
  await ctx.pool
    .query(
    `insert into session_positions (sid, major, minor, updated_at)
       select $1::varchar, $2::numeric, $3::numeric, now()
       where exists (select 1 from sessions where sid = $1::varchar) and set_config('synchronous_commit', 'off', true) is not null
     on conflict (sid) do update set major = excluded.major, minor = excluded.minor, updated_at = excluded.updated_at
       where (session_positions.major, session_positions.minor) < (excluded.major, excluded.minor)`,
      [sid, m[1], m[2]],
    )
    // The session ended meanwhile (signed out): there is no later read of it to wait.
    .catch((e: { code?: string }) => {
      if (e.code !== '23503') throw e;
    });
}

/** The session's last write, or null when it has written nothing. */
export async function lastWriteOf(ctx: ApiContext, sid: string): Promise<string | null> {
  const { rows } = await ctx.pool.query<{ position: string }>(`select major::text || ':' || minor::text as position from session_positions where sid = $1`, [sid]);
  return rows[0]?.position ?? null;
}
