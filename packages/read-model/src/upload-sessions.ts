/**
 * How long a resumable upload's session lives (docs/offline.md "Resumable uploads"): 48 hours after its
 * last chunk, so a device offline for a day resumes where it stood; the worker's sweep deletes the
 * sessions past that (their chunks go with them).
 */
import type { Knex } from 'knex';

export const UPLOAD_SESSION_KEPT_HOURS = 48;

/** When a session touched at `now` expires. */
export const uploadSessionExpiry = (now: Date) => new Date(now.getTime() + UPLOAD_SESSION_KEPT_HOURS * 3_600_000);

/** Deletes the sessions expired by `now`; the number deleted. */
export async function sweepUploadSessions(db: Knex, now: Date): Promise<number> {
  return db('upload_sessions').where('expires_at', '<', now).del();
}
