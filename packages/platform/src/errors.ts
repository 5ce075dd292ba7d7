/**
 * What the command handler refuses besides the domain's own rules. Plain errors: the api's one error
 * path (apps/api/src/platform/errors.ts) answers each with its HTTP status and body.
 */
import type { FieldConflict } from '@trenchline/domain';

/** The version a server-side check saw is no longer the record's: `current` is the record as it now stands. */
export class ConflictWithCurrent extends Error {
  override name = 'ConflictWithCurrent';
  constructor(readonly current: unknown) {
    super('Someone else changed this record. It has been reloaded with their changes.');
  }
}

/**
 * Fields another user changed since the author's version to other values than the author's: each
 * with yours, theirs, who and when, and the record (or line) as it now stands. Nothing was written.
 */
export class FieldConflicts extends Error {
  override name = 'FieldConflicts';
  constructor(
    readonly conflicts: FieldConflict[],
    readonly current: unknown,
  ) {
    const byWhom = [...new Set(conflicts.map((c) => c.by))].join(' and ');
    const names = conflicts.map((c) => c.field).join(', ');
    super(`${byWhom} changed ${names} since you opened it. Nothing was saved: keep yours or take theirs for each field, then save again.`);
  }
}

/** A record created under an id whose stream already holds events. */
export class RecordExists extends Error {
  override name = 'RecordExists';
  constructor(label: string, id: string) {
    super(`${label} ${id} already exists`);
  }
}
