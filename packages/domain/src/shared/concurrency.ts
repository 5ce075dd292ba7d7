/**
 * Concurrency by field, not by record. A write carries the version its author last saw; what the
 * write changes (against the part of the record as it stood at that version) is merged with what
 * others changed since, field by field. Only a field both changed, to different values, by someone
 * else, is a conflict. The same rule serves a record's own fields and each of its lines.
 */
import { isEmpty, same } from './changes.ts';
import type { EventMeta } from './decider.ts';

/** The part of a record a write edits: its own fields, or one line of a collection. */
export type EditPart = { kind: 'fields' } | { kind: 'line'; collection: string; lineId: string };

/**
 * What a write's author sent as changes: the part its command edited and the fields of it the author
 * changed. Stamped on each event of the write (event metadata `edited`), so a later save from the
 * author's kept object tells the author's own edits (which the object holds) from what rules changed
 * on the author's behalf (a look-up's fields, renumbered lines, a job's permit date), which it does not.
 * Null: the write named no part (many lines at once, a rule's own command), so it sent nothing a kept
 * object holds.
 */
export interface EditedMark {
  part: string;
  fields: string[];
}

/** An edit part as event metadata names it. */
export const partKey = (part: EditPart) => (part.kind === 'fields' ? 'fields' : `line:${part.collection}:${part.lineId}`);

/** Who touched a part, when, and in which version of the stream. */
export interface Touch {
  version: number;
  userId: string;
  userName: string;
  at: string;
}

/** One field set to a value by one event. */
export interface FieldTouch extends Touch {
  field: string;
  value: unknown;
  /** False when a rule set it in a write whose author did not send this field of this part (EditedMark). */
  sent?: boolean;
}

/** A part of a record from a version on: as it stood then, as it stands now, and each field set since. */
export interface PartSince {
  /** The part as the author saw it (a line made after that version: as it was made). */
  base: Record<string, unknown> | undefined;
  current: Record<string, unknown> | undefined;
  /** Field changes after the base version, oldest first. */
  touches: FieldTouch[];
  /** Who removed the part after the base version, when it is gone. */
  removed: Touch | null;
}

/** A field both the author and someone else changed since the author's version, to different values. */
export interface FieldConflict {
  field: string;
  /** The author's value. */
  yours: unknown;
  /** The value someone else saved, as it stands now. */
  theirs: unknown;
  /** The value both started from. */
  base: unknown;
  /** The other user's name and id, and when they saved it. */
  by: string;
  by_id: string;
  at: string;
  version: number;
}

/** Fields that are the server's or computed: never part of what an author changes. */
const NOT_EDITABLE = new Set(['id', 'version', 'position']);

export interface VersionedEvent {
  type: string;
  data: unknown;
  /** `edited`: absent on events written before it was stamped (then every field the author touched counts as sent). */
  meta: EventMeta & { version: number; edited?: EditedMark | null };
}

/**
 * Fold a stream and follow one part of it after `since`: the part at that version, now, and every
 * field change to it after (from the folded state, so any event that changes the part counts, named
 * rule events and cascades included). `part` reads the part from the state. `start`: the fold at a
 * version no later than `since` (a snapshot), and `events` the ones after it. `key`: the part's
 * partKey, to tell the fields its writers sent from the ones rules set (EditedMark).
 */
export function foldSince<S>(
  decider: { initialState: S; evolve(state: S, event: never, meta: EventMeta): S },
  events: readonly VersionedEvent[],
  since: number,
  part: (state: S) => Record<string, unknown> | undefined,
  start?: S,
  key?: string,
): { state: S; since: PartSince } {
  let state = start ?? decider.initialState;
  let base: Record<string, unknown> | undefined = start === undefined ? undefined : part(start);
  let prev: Record<string, unknown> | undefined = base;
  const touches: FieldTouch[] = [];
  let removed: Touch | null = null;
  for (const e of events) {
    state = decider.evolve(state, e as never, e.meta);
    const now = part(state);
    if (e.meta.version <= since) {
      base = prev = now;
      continue;
    }
    if (now === prev) continue;
    const touch = { version: e.meta.version, userId: e.meta.userId, userName: e.meta.userName, at: e.meta.at };
    const edited = e.meta.edited;
    const sent = (field: string) => key === undefined || edited === undefined || (edited !== null && edited.part === key && edited.fields.includes(field));
    if (!now) removed = touch;
    else if (!prev) {
      // Made after the author's version (or made again): the author saw it no earlier than this.
      base ??= now;
      removed = null;
    } else
      for (const field of new Set([...Object.keys(prev), ...Object.keys(now)]))
        if (!NOT_EDITABLE.has(field) && !same(prev[field], now[field])) touches.push({ ...touch, field, value: now[field] ?? null, sent: sent(field) });
    prev = now;
  }
  return { state, since: { base, current: prev, touches, removed } };
}

/**
 * Merge an author's write into a part edited by others since the author's version. What the author
 * has seen is the part at that version with the author's own saves since laid over it (a client that
 * keeps its object holds its own edits); the author changes the fields whose values differ from that.
 * Only what the author sent counts as held: a field a rule set in the author's write (sent false) is
 * the server's, and the object still holds the value before it.
 * A field someone else changed last, to another value than the author's, is a conflict. Answers the
 * values to apply (only the author's changes: never a whole-record overwrite) and the conflicts (when
 * any, nothing is to be written).
 */
export function mergeEdit(since: PartSince, mine: Record<string, unknown>, userId: string): { values: Record<string, unknown>; conflicts: FieldConflict[] } {
  const seen: Record<string, unknown> = { ...(since.base ?? {}) };
  for (const t of since.touches) if (t.userId === userId && t.sent !== false) seen[t.field] = t.value;
  const current = since.current ?? {};
  const values: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, value] of Object.entries(mine)) {
    if (value === undefined || NOT_EDITABLE.has(field) || same(value, seen[field])) continue;
    values[field] = value;
    const last = lastTouch(since.touches, field);
    if (!last || last.userId === userId || same(current[field], value)) continue;
    conflicts.push({
      field,
      yours: value,
      theirs: current[field] ?? null,
      base: isEmpty(seen[field]) ? null : seen[field],
      by: last.userName,
      by_id: last.userId,
      at: last.at,
      version: last.version,
    });
  }
  return { values, conflicts };
}

function lastTouch(touches: FieldTouch[], field: string): FieldTouch | undefined {
  for (let i = touches.length - 1; i >= 0; i--) if (touches[i].field === field) return touches[i];
  return undefined;
}

/** The part of a state an edit reads: the record's own fields (or what `fieldsOf` says they are), or one line. */
export function partOf<S>(part: EditPart, fieldsOf: (state: S) => Record<string, unknown> | undefined) {
  if (part.kind === 'fields') return fieldsOf;
  return (state: S) => (state as { lines?: Record<string, Record<string, Record<string, unknown>>> }).lines?.[part.collection]?.[part.lineId];
}
