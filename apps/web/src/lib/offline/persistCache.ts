/**
 * The react-query cache kept in IndexedDB for the signed-in user, so their screens read offline what
 * they last read (and what the field sync fetched) online. One entry, stamped with its owner (user id
 * and account id, the buster): restored only for the device's owner, rewritten (throttled) as the
 * cache changes, deleted the moment nobody is signed in. Written on react-query's own dehydrate and
 * hydrate (see docs/offline-app.md for why not @tanstack/react-query-persist-client).
 */
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { ME_KEY, deviceOwner, ownerIn, setDeviceOwner } from './owner';

/** How long a kept cache is worth restoring: a crew may be out of signal for days. */
export const KEEP_FOR_MS = 7 * 24 * 3600_000;
/** Writes at most once a second: a busy list changes the cache many times a second. */
const THROTTLE_MS = 1000;

const store = createStore('trenchline-cache', 'query-cache');
const ENTRY = 'query-cache';

export interface KeptCache {
  buster: string;
  savedAt: number;
  state: DehydratedState;
}

const isMe = (q: Query) => q.queryKey[0] === ME_KEY[0] && q.queryKey[1] === ME_KEY[1];

/** Answers, not failures nor pending ones; writes never (the outbox is their place). */
const keptState = (qc: QueryClient) => dehydrate(qc, { shouldDehydrateQuery: (q) => q.state.status === 'success', shouldDehydrateMutation: () => false });

/** Whether a kept cache may be restored for the device's owner now. */
export const restorable = (kept: KeptCache | undefined, owner: string | null, now: number): kept is KeptCache =>
  Boolean(kept && owner && kept.buster === owner && now - kept.savedAt <= KEEP_FOR_MS);

/**
 * The device owner's kept cache into `qc` (before any query runs) when the app opens with no network;
 * another's, or a stale one, is deleted. Online the screens read the server: a form seeded from a copy
 * older than the last save (it is written at most once a second) would show the old values.
 */
export async function restoreCache(qc: QueryClient, online = navigator.onLine): Promise<void> {
  try {
    const kept = await get<KeptCache>(ENTRY, store);
    if (!kept) return;
    if (!restorable(kept, deviceOwner(), Date.now())) return void (await del(ENTRY, store));
    if (online) return;
    // Restored queries live as long as the copy is worth keeping, or they would leave the cache (and the copy) unread.
    hydrate(qc, kept.state, { defaultOptions: { queries: { gcTime: KEEP_FOR_MS } } });
    // Shown, never taken as fresh: back online, every screen reads the server again.
    await qc.invalidateQueries({ refetchType: 'none' });
  } catch {
    // No IndexedDB (a private window): the app works online only.
  }
}

/** Whether /auth/me has answered: 'unknown' until it has, then who is signed in ('someone') or 'nobody' (it answered none, or a sign-out). */
export function signedInState(qc: QueryClient): 'unknown' | 'someone' | 'nobody' {
  const me = qc.getQueryData(ME_KEY);
  if (me === undefined) return 'unknown';
  return ownerIn(qc) ? 'someone' : 'nobody';
}

/** Delete the kept cache and its owner (sign-out, or the session ended). */
async function forgetCache() {
  setDeviceOwner(null);
  await del(ENTRY, store);
}

/**
 * Keeps the cache written while `qc` changes; returns the stop. A new owner (another user's session
 * answering /auth/me) drops what the last one left in memory before anything is written under them.
 */
export function keepCache(qc: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writes = Promise.resolve();
  let owner = ownerIn(qc);

  const write = () => {
    timer = undefined;
    const now = ownerIn(qc);
    const state = now ? keptState(qc) : null;
    writes = writes
      .then(async () => {
        if (!now || !state) return forgetCache();
        setDeviceOwner(now);
        await set(ENTRY, { buster: now, savedAt: Date.now(), state } satisfies KeptCache, store);
      })
      .catch(() => undefined);
  };

  let forgotten = false;

  const changed = () => {
    // A page just loaded has not heard /auth/me yet: that is nobody known, not nobody signed in, and
    // the kept copy stays (forgetting it here lost it to a reload followed by a lost signal).
    if (signedInState(qc) === 'unknown') return;
    const before = owner;
    const now = (owner = ownerIn(qc));
    if (before && now && now !== before) qc.removeQueries({ predicate: (q) => !isMe(q) });
    // Nobody signed in: forget at once (once), never after a throttled write of the last user's data.
    if (!now) {
      clearTimeout(timer);
      timer = undefined;
      if (!forgotten) write();
      forgotten = true;
      return;
    }
    forgotten = false;
    timer ??= setTimeout(write, THROTTLE_MS);
  };

  const stop = qc.getQueryCache().subscribe(changed);
  return () => {
    stop();
    clearTimeout(timer);
  };
}
