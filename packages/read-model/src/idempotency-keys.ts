/**
 * How long idempotency keys are kept (docs/offline.md "Never twice"): a key promises its answer for
 * at least 24 hours; the worker's sweep deletes keys made more than 48 hours ago.
 */
import type { Knex } from 'knex';

export const IDEMPOTENCY_KEY_KEPT_HOURS = 48;

/** Deletes the keys made before `now` less IDEMPOTENCY_KEY_KEPT_HOURS; the number deleted. */
export async function sweepIdempotencyKeys(db: Knex, now: Date): Promise<number> {
  return db('idempotency_keys')
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_KEY_KEPT_HOURS * 3_600_000))
    .del();
}
