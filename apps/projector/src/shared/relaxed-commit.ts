/**
 * A projector transaction commits without waiting for its WAL to reach the disk (`synchronous_commit =
 * off` for this transaction only). Safe because a batch's rows and its checkpoint commit together: a
 * Postgres crash can lose the last few hundred milliseconds of batches only whole, rows with their
 * checkpoint, and the runner applies those events again from the events, which stay synchronous. It
 * spares a flush per batch: every projection commits its own, and 24 of them per save waited on the
 * disk (the write bench's commits spent most of their time in WALSync).
 */
import type { Knex } from 'knex';

export const relaxCommit = (trx: Knex.Transaction) => trx.raw('set local synchronous_commit = off');

/** The same inside a statement of its own (a WHERE or a select list): `set_config(..., true)` is `set local`. */
export const RELAX_IN_STATEMENT = `set_config('synchronous_commit', 'off', true)`;
