/**
 * A write of a screen that works offline: sent at once while online; offline (or when it got no
 * answer at all) kept in the outbox with its Idempotency-Key and shown at once in the react-query
 * cache, so the screen has the change and the sync sends it on return.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '../http';
import { enqueue } from './outbox';
import { sendCommand } from './sendCommand';
import { outcomeOf, type Command } from './outboxLogic';
import { ownerIn } from './owner';

/** What a mutation answers for a kept write: the change as the screen now shows it, marked queued. */
export type Queued<T> = T & { queued: true };

export const isQueued = (answer: unknown): boolean => typeof answer === 'object' && answer !== null && (answer as { queued?: unknown }).queued === true;

/** The words after a write kept for later. */
export const KEPT_MESSAGE = 'Saved on this device: it is sent when the network is back.';

/**
 * `keep` lays the change over the cache and answers what the screen shows; it runs only when the
 * write is kept. Nobody signed in (no owner): nothing is kept, the write fails as before.
 */
export async function queuedWrite<T, L = T>(qc: QueryClient, command: Command, keep: () => L, onProgress?: (percent: number) => void): Promise<T | Queued<L>> {
  const owner = ownerIn(qc);
  const key = newIdempotencyKey();
  // An upload's hash and session as far as this send got: kept with it, the sync resumes there.
  let sending = command;
  const kept = async () => {
    await enqueue(owner as string, sending, key);
    return { ...keep(), queued: true as const };
  };
  if (owner && !onlineManager.isOnline()) return kept();
  try {
    return await sendCommand<T>(command, key, { onProgress, keep: async (upload) => void (sending = { ...command, upload }) });
  } catch (e) {
    // The same key: if the lost write did arrive, the sync's send answers it again and writes nothing.
    if (owner && outcomeOf(e) === 'offline') return kept();
    throw e;
  }
}
