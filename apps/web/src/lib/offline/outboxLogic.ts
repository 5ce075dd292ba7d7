/**
 * The outbox's rules with no IndexedDB and no network, so each is unit tested: what an entry is (the
 * command as it will be sent), their order, temporary ids and their rewriting once the server names
 * the real record, and what the sync does after each answer.
 */
import { resolvePatch, type Choices, type Conflict } from '../../components/record/conflictLogic';
import { ApiError, type ErrorBody, type Method } from '../http';

/** A photo kept on the device until it can be uploaded: its Blob and the form's other fields. */
export interface KeptUpload {
  file: Blob;
  fileName: string;
  /** The form's field the file goes in ('file', 'photo' ...). */
  fileField: string;
  fields: Record<string, string>;
  /** The file's sha256, once hashed (a resumable upload declares it). */
  sha256?: string;
  /** Its resumable session and the bytes the server had when last told: a closed tab resumes there. */
  session?: { id: string; offset: number };
}

/** A write as it will be sent: the same whether sent at once or from the outbox. */
export interface Command {
  method: Exclude<Method, 'GET'>;
  url: string;
  /** JSON body; absent for an upload. */
  body?: Record<string, unknown>;
  upload?: KeptUpload;
  /** The version the user edited from (If-Match). */
  ifMatch?: number | null;
  /** What it does, in words ('Ticket 12: saved Title'). */
  label: string;
  /** The record in words ('ticket'), for the conflict panel. */
  noun?: string;
  /** Temporary ids this command makes (a create, lines added): the answer's ids replace them, in order. */
  makes?: string[];
}

export type EntryState = 'waiting' | 'conflict' | 'failed';

/** A command kept in the outbox. */
export interface Entry extends Command {
  /** Its Idempotency-Key: a resend after a lost answer writes nothing twice. */
  key: string;
  /** ownerKey of who made it: sent only under their session. */
  owner: string;
  createdAt: number;
  /** Strictly increasing on this device: the order the user made them in. */
  order: number;
  state: EntryState;
  /** A 409's or a refusal's body, for the user to settle or read. */
  answer?: { status: number; body: ErrorBody };
}

export const inOrder = (entries: readonly Entry[]): Entry[] => [...entries].sort((a, b) => a.order - b.order);

let lastOrder = 0;
/** Date.now, but never the same twice in one page (two writes in one millisecond keep their order). */
export function nextOrder(now = Date.now()): number {
  lastOrder = Math.max(now, lastOrder + 1);
  return lastOrder;
}

// ---- temporary ids ---------------------------------------------------------------------------

export const TEMP_PREFIX = 'tmp-';
export const isTempId = (id: unknown): id is string => typeof id === 'string' && id.startsWith(TEMP_PREFIX);
export const tempId = (uuid: string) => `${TEMP_PREFIX}${uuid}`;

/** Temporary id → the server's id, learnt from the answers so far. */
export type IdMap = Record<string, string>;

const TEMP_IN_TEXT = /tmp-[0-9a-f-]{36}/g;

function rewriteValue(v: unknown, ids: IdMap): unknown {
  if (typeof v === 'string') return v.replace(TEMP_IN_TEXT, (t) => ids[t] ?? t);
  if (Array.isArray(v)) return v.map((x) => rewriteValue(x, ids));
  // Keys too: a signature's signed_content keys its lines by id.
  if (v && typeof v === 'object' && !(v instanceof Blob)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [rewriteValue(k, ids), rewriteValue(x, ids)]));
  return v;
}

/** The entry with every temporary id the server has since named replaced, in its address, body and form fields. */
export function rewriteIds<E extends Command>(entry: E, ids: IdMap): E {
  if (Object.keys(ids).length === 0) return entry;
  const upload = entry.upload && { ...entry.upload, fields: rewriteValue(entry.upload.fields, ids) as Record<string, string> };
  return { ...entry, url: rewriteValue(entry.url, ids) as string, body: entry.body && (rewriteValue(entry.body, ids) as Record<string, unknown>), ...(upload ? { upload } : {}) };
}

/** Still names a temporary id nobody has replaced (its create is not sent yet, or failed). */
export const waitsForId = (entry: Command) => new RegExp(TEMP_IN_TEXT.source).test(JSON.stringify([entry.url, entry.body ?? null, entry.upload?.fields ?? null]));

/** The ids an answer names, in order: the record's own, or those of the lines it lists. */
export function idsIn(answer: unknown): string[] {
  if (!answer || typeof answer !== 'object') return [];
  const a = answer as Record<string, unknown>;
  if (typeof a.id === 'string' || typeof a.id === 'number') return [String(a.id)];
  const list = Object.values(a).find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).map((l) => String((l as { id?: unknown }).id ?? ''));
}

/** What this command's answer teaches: each temporary id it made → the id the server gave. */
export function learnIds(entry: Command, answer: unknown): IdMap {
  const real = idsIn(answer);
  return Object.fromEntries((entry.makes ?? []).map((t, i) => [t, real[i]]).filter(([, r]) => Boolean(r)));
}

// ---- after each send -------------------------------------------------------------------------

/**
 * sent: remove it, go on. offline: stop, try again on 'online'. signIn: the session ended; stop until
 * its owner signs in again. later: the server could not answer now (5xx, 429); stop, try again later.
 * anotherUser: the session is another user's (the server refused the entry's writer); stop until its
 * maker signs in. conflict: a field someone else changed too; kept for the user, go on. failed: refused
 * (400, 404 ...); kept with the server's words for the user, go on.
 */
export type Outcome = 'sent' | 'offline' | 'signIn' | 'anotherUser' | 'later' | 'conflict' | 'failed';

export function outcomeOf(error: unknown): Exclude<Outcome, 'sent'> {
  // fetch rejects with a TypeError when no answer came; anything else thrown is a fault, not the network.
  if (!(error instanceof ApiError)) return error instanceof TypeError ? 'offline' : 'failed';
  if (error.status === 0) return 'offline';
  if (error.status === 401) return 'signIn';
  if (error.body.error === 'another_user_signed_in') return 'anotherUser';
  if (error.status === 409 && error.body.error !== 'idempotency_key_in_use') return 'conflict';
  if (error.status >= 500 || error.status === 429 || error.status === 409) return 'later';
  return 'failed';
}

/** Stop the pass here (the rest wait in order)? */
export const stops = (o: Outcome) => o === 'offline' || o === 'signIn' || o === 'anotherUser' || o === 'later';

/**
 * A conflict settled: the body without the fields the user took as theirs, sent again from the
 * version as it now stands. Its key is new (another body under the old key is refused); it keeps its place.
 */
export function settled(entry: Entry, c: Conflict, choices: Choices): Entry | null {
  const body = entry.body && resolvePatch(entry.body, c, choices);
  if (!body || Object.keys(body).length === 0) return null;
  return { ...entry, body, ifMatch: c.current.version, state: 'waiting', answer: undefined };
}
