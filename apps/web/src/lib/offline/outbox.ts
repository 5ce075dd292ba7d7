/**
 * The outbox: the commands made offline, waiting to be sent, in IndexedDB ('trenchline-outbox', store
 * 'outbox'): each entry a command as it will be sent (outboxLogic.ts), in order (docs/offline-app.md).
 * Each entry is tagged with its owner (user id:account id): counted, shown and sent only for them, and
 * kept when they sign out, so their changes wait for their next sign-in.
 */
import { useCallback, useEffect, useState } from 'react';
import { promisifyRequest } from 'idb-keyval';
import { newIdempotencyKey } from '../http';
import { inOrder, nextOrder, type Command, type Entry } from './outboxLogic';

export const OUTBOX_DB = 'trenchline-outbox';
export const OUTBOX_STORE = 'outbox';
/** The owner index: one user's entries without reading another's. */
export const BY_OWNER = 'owner';

/** What an entry holds at least; the whole entry is outboxLogic's Entry. */
export interface OutboxEntry {
  /** The idempotency key the command is sent with: one entry per key. */
  key: string;
  /** ownerKey of the user who made it. */
  owner: string;
  createdAt: number;
}

let opened: Promise<IDBDatabase> | null = null;

/** The outbox database, made at its first open. */
export function openOutbox(): Promise<IDBDatabase> {
  opened ??= (() => {
    const request = indexedDB.open(OUTBOX_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(OUTBOX_STORE, { keyPath: 'key' }).createIndex(BY_OWNER, 'owner');
    return promisifyRequest(request);
  })();
  return opened;
}

const store = async (mode: IDBTransactionMode) => (await openOutbox()).transaction(OUTBOX_STORE, mode).objectStore(OUTBOX_STORE);

/** The owner's entries, in the order they were made. */
export async function entriesOf(owner: string): Promise<Entry[]> {
  return inOrder(await promisifyRequest((await store('readonly')).index(BY_OWNER).getAll(owner)));
}

/** Keep an entry (a new one, or one changed: its state, or settled with a new key after its old one is dropped). */
export async function putEntry(entry: Entry): Promise<void> {
  await promisifyRequest((await store('readwrite')).put(entry));
  outboxChanged();
}

export async function removeEntry(key: string): Promise<void> {
  await promisifyRequest((await store('readwrite')).delete(key));
  outboxChanged();
}

/** A command made now by `owner`, kept to be sent later with its own Idempotency-Key. */
export async function enqueue(owner: string, command: Command, key = newIdempotencyKey()): Promise<Entry> {
  const entry: Entry = { ...command, key, owner, createdAt: Date.now(), order: nextOrder(), state: 'waiting' };
  await putEntry(entry);
  return entry;
}

/** How many changes of `owner` wait to be sent: 0 until the offline writes fill the outbox. */
export async function pendingChanges(owner: string | null): Promise<number> {
  if (!owner) return 0;
  try {
    const db = await openOutbox();
    return await promisifyRequest(db.transaction(OUTBOX_STORE).objectStore(OUTBOX_STORE).index(BY_OWNER).count(owner));
  } catch {
    return 0;
  }
}

const changed = new EventTarget();

/** What writes to the outbox calls after each write or send, so the counts shown are read again. */
export const outboxChanged = () => changed.dispatchEvent(new Event('change'));

/** What `read` gives for `owner`, read again after each outboxChanged() and whenever `again` changes (going offline, coming back). */
function useOutboxRead<T>(read: (owner: string | null) => Promise<T>, owner: string | null, initial: T, again: unknown): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let live = true;
    const update = () => void read(owner).then((v) => live && setValue(v));
    update();
    changed.addEventListener('change', update);
    return () => {
      live = false;
      changed.removeEventListener('change', update);
    };
  }, [read, owner, again]);
  return value;
}

/** pendingChanges for the screens. */
export const usePendingChanges = (owner: string | null, again: unknown): number => useOutboxRead(pendingChanges, owner, 0, again);

const NONE: Entry[] = [];
/** The owner's entries the sync could not send and the user must settle (a conflict) or drop (refused). */
const toSettle = async (owner: string | null) => (owner ? (await entriesOf(owner).catch(() => NONE)).filter((e) => e.state === 'conflict' || e.state === 'failed') : NONE);

export const useEntriesToSettle = (owner: string | null): Entry[] => useOutboxRead(toSettle, owner, NONE, null);

/** The owner's uploads waiting to be sent to one collection (`url`): a section shows them as waiting, from their kept Blob. */
export function useWaitingUploads(owner: string | null, url: string): Entry[] {
  const read = useCallback(async (o: string | null) => (o ? (await entriesOf(o).catch(() => NONE)).filter((e) => e.upload && e.url === url) : NONE), [url]);
  return useOutboxRead(read, owner, NONE, null);
}
