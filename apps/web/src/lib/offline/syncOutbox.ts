/**
 * Sync on return: the owner's waiting entries sent one at a time in order, each with its own
 * Idempotency-Key, each removed once answered. The session is asked who it is once a pass, and each
 * entry names its maker (X-Trenchline-Writer), which the server refuses under another session: an
 * entry goes only under its owner's session, with no extra request per entry. No network or a server that cannot answer now: stop,
 * the rest wait in order. A 401: the session ended offline; the app asks to sign in and the pass runs
 * again once the same owner is back. A 409 or a refusal: kept for the user to settle, the others go on.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http, isApiError, newIdempotencyKey } from '../http';
import { useOnline } from './network';
import { entriesOf, putEntry, removeEntry } from './outbox';
import { learnIds, outcomeOf, rewriteIds, stops, waitsForId, type Entry, type IdMap, type Outcome } from './outboxLogic';
import { ME_KEY, ownerKey, type Owned } from './owner';
import { sendCommand } from './sendCommand';

/** A pass's end: every entry it could send sent, or why it stopped. */
export type PassEnd = 'done' | Exclude<Outcome, 'sent' | 'conflict' | 'failed'>;

/** Tries again this often while online (a server that could not answer, an entry settled); a pass with nothing waiting reads only IndexedDB. */
export const RETRY_EVERY_MS = 30_000;

/** Who the session is now: their ownerKey, null when it ended (401), 'offline' when there is no answer. */
async function sessionOwner(): Promise<string | null | 'offline'> {
  try {
    const me = await http.get<{ user: Owned | null }>('/api/auth/me');
    return me.user ? ownerKey(me.user) : null;
  } catch (e) {
    return isApiError(e) && e.status === 401 ? null : 'offline';
  }
}

/** What the screens learn of a sent entry: a temporary id now has its real one (the ticket page moves to it). */
type SentListener = (entry: Entry, answer: unknown, ids: IdMap) => void;
const listeners = new Set<SentListener>();
export function onEntrySent(listener: SentListener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The entries still waiting get the real ids at once, so a pass that stops later loses none of them. */
async function rewriteWaiting(owner: string, ids: IdMap) {
  for (const e of await entriesOf(owner)) {
    const r = rewriteIds(e, ids);
    if (JSON.stringify(r) !== JSON.stringify(e)) await putEntry(r);
  }
}

async function pass(owner: string, qc: QueryClient): Promise<PassEnd> {
  let sent = 0;
  const learnt: IdMap = {};
  let asked = false;
  try {
    for (const read of await entriesOf(owner)) {
      // Read before this pass's creates answered: their ids are laid over it here too.
      const entry = rewriteIds(read, learnt);
      if (entry.state !== 'waiting' || waitsForId(entry)) continue;
      if (!asked) {
        // Once a pass, before the first send: an ended session asks to sign in before anything is tried.
        const who = await sessionOwner();
        if (who === 'offline') return 'offline';
        if (who === null) {
          qc.setQueryData(ME_KEY, null);
          return 'signIn';
        }
        if (who !== owner) return 'anotherUser';
        asked = true;
      }
      try {
        // An upload's progress is written into its entry at each step: a closed tab resumes where it stood.
        const answer = await sendCommand<unknown>(entry, entry.key, { writer: owner, keep: (upload) => putEntry({ ...entry, upload }) });
        const ids = learnIds(entry, answer);
        Object.assign(learnt, ids);
        await removeEntry(entry.key);
        if (Object.keys(ids).length) await rewriteWaiting(owner, ids);
        sent++;
        for (const l of listeners) l(entry, answer, ids);
      } catch (e) {
        const outcome = outcomeOf(e);
        if (outcome === 'signIn') qc.setQueryData(ME_KEY, null);
        if (stops(outcome)) return outcome as PassEnd;
        await putEntry({ ...entry, state: outcome as 'conflict' | 'failed', answer: isApiError(e) ? { status: e.status, body: e.body } : { status: 0, body: { message: String(e) } } });
      }
    }
    return 'done';
  } finally {
    // What the screens show was laid over the cache: read it again from the server.
    if (sent) void qc.invalidateQueries();
  }
}

/** A settled conflict goes back in its place under a new key (null: nothing of the user's is left to send), then the sync runs. */
export async function settleEntry(next: Entry | null, old: Entry, owner: string, qc: QueryClient) {
  await removeEntry(old.key);
  if (next) await putEntry({ ...next, key: newIdempotencyKey() });
  await syncOutbox(owner, qc);
}

/** The user drops a change the server would not take: the screens read the server's record again. */
export async function dropEntry(entry: Entry, qc: QueryClient) {
  await removeEntry(entry.key);
  void qc.invalidateQueries();
}

let running: Promise<PassEnd> | null = null;
let again = false;

/** One pass at a time: a call while one runs gets its end, and another pass after it (an entry settled meanwhile goes too). */
export function syncOutbox(owner: string, qc: QueryClient): Promise<PassEnd> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let end: PassEnd;
    do {
      again = false;
      end = await pass(owner, qc);
    } while (again && end === 'done');
    return end;
  })().finally(() => (running = null));
  return running;
}

/** The shell's sync: at once for the signed-in user, on coming back online, and every RETRY_EVERY_MS while online. */
export function useOutboxSync(owner: string | null) {
  const qc = useQueryClient();
  const online = useOnline();
  useEffect(() => {
    if (!online || !owner) return;
    void syncOutbox(owner, qc);
    const t = setInterval(() => void syncOutbox(owner, qc), RETRY_EVERY_MS);
    return () => clearInterval(t);
  }, [online, owner, qc]);
}
