/**
 * A write sent from a device's outbox names who made it (`X-Trenchline-Writer: <user id>:<account id>`,
 * docs/offline.md). Under another session it is refused before anything runs, so a change made by one
 * user of a shared tablet is never written as another's, without the sync asking who is signed in before
 * each send. A write without the header (the spec's client, the screens online) is not affected.
 */
import type { Request } from 'express';
import type { Actor } from './context.ts';
import { HttpError } from './errors.ts';

export const WRITER_HEADER = 'X-Trenchline-Writer';

/** The refusal of a write named as another user's; undefined when it names the caller or nobody. */
export function otherWriter(req: Request, actor: Actor): HttpError | undefined {
  const named = req.get(WRITER_HEADER);
  if (named === undefined || named === `${actor.userId}:${actor.accountId}`) return undefined;
  return new HttpError(403, 'another_user_signed_in', 'This change was made by another user of this device: it is not sent under your session. It waits until they sign in again.', { fields: { [WRITER_HEADER]: 'names another user than the one signed in' } });
}
