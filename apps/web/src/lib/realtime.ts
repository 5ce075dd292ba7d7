/**
 * Live updates: the ONLY module that talks to Socket.IO.
 *
 * - Screens subscribe with useLiveList('bids') or useLiveRecord('bid-12'); subscriptions are
 *   reference counted and re-sent after every (re)connect, since the server forgets rooms.
 * - 'row' events patch rows by id in every react-query cache whose key starts with ['list', list].
 *   A cache key's third element, when it is a plain object, is the list's filter in row terms
 *   (e.g. { archived: false }): an upserted row that no longer matches it leaves that cache.
 * - 'record' events invalidate ['record', stream] (detail, history) unless the cache already holds
 *   that version (our own write).
 * - Everything shown is refetched when messages may have been missed: after a reconnect, on the
 *   server's 'refetch' {reason} (its Redis connection came back), and on a gap: each message carries
 *   its publisher's `epoch` and a per-room `seq`, so the same epoch with a jump in seq is a lost message.
 */
import { useEffect, useRef, useState } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';

/** Where a live message stands in its publisher's stream (absent from servers that do not stamp). */
export interface LiveStamp {
  epoch?: string;
  seq?: number;
}

export interface RowEvent extends LiveStamp {
  list: string;
  op: 'upsert' | 'remove';
  id: string | number;
  row?: Record<string, unknown> | null;
  position?: string | number;
}

export interface RecordEvent extends LiveStamp {
  stream: string;
  version: number;
  position?: string | number;
}

type Room = { list: string } | { record: string };
type Row = { id: string | number; version?: number } & Record<string, unknown>;

const roomKey = (r: Room) => ('list' in r ? `list:${r.list}` : `record:${r.record}`);

let socket: Socket | null = null;
let client: QueryClient | null = null;
let connectedOnce = false;
const rooms = new Map<string, { room: Room; count: number }>();

// ---- missed messages (exported for tests) -----------------------------------------------------

/**
 * The last seq seen per room and publisher epoch. A room's first message from an epoch is where
 * counting starts (the socket joined mid-stream); a repeated or older seq is a resend, not a gap.
 */
export function liveGaps() {
  const seen = new Map<string, Map<string, number>>();
  return {
    /** True when messages of `room` before this one were missed. */
    missed(room: string, stamp: LiveStamp): boolean {
      if (typeof stamp?.epoch !== 'string' || typeof stamp.seq !== 'number' || !Number.isInteger(stamp.seq)) return false;
      const epochs = seen.get(room) ?? new Map<string, number>();
      seen.set(room, epochs);
      const last = epochs.get(stamp.epoch);
      if (last === undefined || stamp.seq > last) epochs.set(stamp.epoch, stamp.seq);
      return last !== undefined && stamp.seq > last + 1;
    },
    /** A room left: its next message starts counting again. */
    forget(room: string) {
      seen.delete(room);
    },
    reset() {
      seen.clear();
    },
  };
}

const gaps = liveGaps();

/** Refetch every query shown: live messages may have been missed. */
function refetchEverything() {
  gaps.reset();
  void client?.invalidateQueries();
}

// ---- pure cache patching (exported for tests) -----------------------------------------------

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Does a row belong in a list cache with this filter? Booleans compare by truthiness (null = false). */
export function rowMatches(row: Record<string, unknown>, filter: unknown): boolean {
  if (!isPlainObject(filter)) return true;
  return Object.entries(filter).every(([k, want]) => {
    if (want === undefined) return true;
    const have = row[k];
    if (typeof want === 'boolean') return Boolean(have) === want;
    return (have ?? null) === want;
  });
}

const sameId = (a: unknown, b: unknown) => String(a) === String(b);

/** The list after one row event; the same array when nothing changed. */
export function patchRows<T extends Row>(rows: T[] | undefined, ev: RowEvent, filter: unknown): T[] | undefined {
  if (!Array.isArray(rows)) return rows;
  const at = rows.findIndex((r) => sameId(r.id, ev.id));
  if (ev.op === 'remove' || !ev.row) {
    return at < 0 ? rows : rows.filter((_, i) => i !== at);
  }
  const row = { ...ev.row, id: ev.row.id ?? ev.id } as T;
  if (!rowMatches(row, filter)) return at < 0 ? rows : rows.filter((_, i) => i !== at);
  if (at < 0) return [...rows, row];
  const old = rows[at];
  // A late event must not undo a newer row this cache already has.
  if (typeof old.version === 'number' && typeof row.version === 'number' && row.version < old.version) return rows;
  const next = rows.slice();
  next[at] = row;
  return next;
}

/** Lists whose fetch was in flight when a row changed: that answer may predate the change. */
const changedWhileFetching = new WeakMap<QueryClient, Set<string>>();

/**
 * Apply a row change to every cached copy of a list (live events, and this client's own writes). A
 * copy still being fetched is fetched again once that fetch lands, so a change made meanwhile is
 * never lost (see refetchListsChangedWhileFetching).
 */
export function applyRowEvent(qc: QueryClient, ev: RowEvent) {
  for (const q of qc.getQueryCache().findAll({ queryKey: ['list', ev.list] })) {
    const key: QueryKey = q.queryKey;
    if (q.state.fetchStatus === 'fetching') changedWhileFetching.get(qc)?.add(q.queryHash);
    qc.setQueryData<Row[]>(key, (rows) => patchRows(rows, ev, key[2]));
  }
}

/** When a list fetch that a row change overtook lands, fetch that list again. Returns the unsubscribe. */
export function refetchListsChangedWhileFetching(qc: QueryClient): () => void {
  const pending = new Set<string>();
  changedWhileFetching.set(qc, pending);
  return qc.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success' || !pending.delete(e.query.queryHash)) return;
    void qc.invalidateQueries({ queryKey: e.query.queryKey, exact: true });
  });
}

type RowListener = (ev: RowEvent) => void;
const rowListeners = new Map<string, Set<RowListener>>();

function onRow(ev: RowEvent) {
  if (gaps.missed(`list:${ev.list}`, ev)) refetchEverything();
  if (client) applyRowEvent(client, ev);
  rowListeners.get(ev.list)?.forEach((listener) => listener(ev));
}

function onRecord(ev: RecordEvent) {
  if (gaps.missed(`record:${ev.stream}`, ev)) refetchEverything();
  if (!client) return;
  const current = client.getQueryData<{ version?: number }>(['record', ev.stream]);
  if (current && typeof current.version === 'number' && current.version >= ev.version) return;
  void client.invalidateQueries({ queryKey: ['record', ev.stream] });
}

// ---- connection -------------------------------------------------------------------------------

export function startRealtime(queryClient: QueryClient) {
  if (client !== queryClient) refetchListsChangedWhileFetching(queryClient);
  client = queryClient;
  if (socket) return;
  socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
  socket.on('connect', () => {
    for (const { room } of rooms.values()) socket?.emit('subscribe', room);
    if (connectedOnce) refetchEverything();
    connectedOnce = true;
  });
  socket.on('row', onRow);
  socket.on('record', onRecord);
  socket.on('refetch', refetchEverything);
  socket.on('report_progress', onReportProgress);
  for (const event of USER_EVENTS) socket.on(event, (p: LiveStamp) => onUserEvent(event, p));
}

export function stopRealtime() {
  socket?.disconnect();
  socket = null;
  connectedOnce = false;
  gaps.reset();
}

function subscribe(room: Room) {
  const key = roomKey(room);
  const entry = rooms.get(key);
  if (entry) {
    entry.count += 1;
    return;
  }
  rooms.set(key, { room, count: 1 });
  if (socket?.connected) socket.emit('subscribe', room);
}

function unsubscribe(room: Room) {
  const key = roomKey(room);
  const entry = rooms.get(key);
  if (!entry) return;
  entry.count -= 1;
  if (entry.count > 0) return;
  rooms.delete(key);
  gaps.forget(key);
  if (socket?.connected) socket.emit('unsubscribe', room);
}

/** Keep the caches of list `list` live while the calling component is mounted. */
export function useLiveList(list: string) {
  useEffect(() => {
    const room = { list };
    subscribe(room);
    return () => unsubscribe(room);
  }, [list]);
}

/**
 * Call `listener` on every live row event of `list` while mounted: for rooms whose rows are not a
 * cached list (e.g. 'settings', the account's one-of records, whose queries are refetched instead).
 */
export function useLiveRowEvents(list: string, listener: RowListener) {
  useLiveList(list);
  useListener(rowListeners, list, listener);
}

/** Keeps `listener` (its latest version) in `registry` under `key` while the calling component is mounted. */
function useListener<K, P>(registry: Map<K, Set<(p: P) => void>>, key: K, listener: (p: P) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call = (p: P) => latest.current(p);
    const set = registry.get(key) ?? new Set<(p: P) => void>();
    set.add(call);
    registry.set(key, set);
    return () => {
      set.delete(call);
      if (set.size === 0) registry.delete(key);
    };
  }, [registry, key]);
}

/** Keep the record `stream` (e.g. 'bid-12') live while the calling component is mounted. */
export function useLiveRecord(stream: string | null) {
  useEffect(() => {
    if (!stream) return;
    const room = { record: stream };
    subscribe(room);
    return () => unsubscribe(room);
  }, [stream]);
}

// ---- report progress --------------------------------------------------------------------------

/** The worker's progress on one of this user's reports (sent to the user's own room, no subscribe). */
export interface ReportProgress extends LiveStamp {
  id: string | number;
  label: string;
  percent?: number | null;
}

type ProgressListener = (p: ReportProgress) => void;
const progressListeners = new Set<ProgressListener>();

function onReportProgress(p: ReportProgress) {
  if (!p || p.id === undefined || p.id === null) return;
  if (gaps.missed('user', p)) refetchEverything();
  progressListeners.forEach((listener) => listener(p));
}

/** The progress map after one event: the latest label and percent per report id. */
export function progressAfter(map: Record<string, ReportProgress>, p: ReportProgress): Record<string, ReportProgress> {
  return { ...map, [String(p.id)]: p };
}

/** The latest 'report_progress' of each of this user's reports, by id, since the caller mounted. */
export function useReportProgress(): Record<string, ReportProgress> {
  const [progress, setProgress] = useState<Record<string, ReportProgress>>({});
  useEffect(() => {
    const listener: ProgressListener = (p) => setProgress((m) => progressAfter(m, p));
    progressListeners.add(listener);
    return () => {
      progressListeners.delete(listener);
    };
  }, []);
  return progress;
}

// ---- other events to the user's own room --------------------------------------------------------

/** Events the worker sends to the user's own room besides report progress (no subscribe): the notifications' unread count. */
const USER_EVENTS = ['notifications'] as const;
type UserEvent = (typeof USER_EVENTS)[number];
type UserListener = (payload: Record<string, unknown>) => void;
const userListeners = new Map<UserEvent, Set<UserListener>>();

function onUserEvent(event: UserEvent, p: LiveStamp) {
  if (!p || typeof p !== 'object') return;
  if (gaps.missed('user', p)) refetchEverything();
  userListeners.get(event)?.forEach((listener) => listener(p as unknown as Record<string, unknown>));
}

/** Call `listener` with each `event` sent to this user's own room while mounted. */
export function useUserEvent(event: UserEvent, listener: UserListener) {
  useListener(userListeners, event, listener);
}
