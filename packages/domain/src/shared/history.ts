/** History of a record, field by field, as auditors read it. Same rule for every area. */
import type { Changes } from './changes.ts';
import { lineEventKindIn, type CollectionDef } from './collections.ts';

export interface HistoryEntry {
  position: string;
  version: number;
  type: string;
  at: string;
  user_id: string;
  user_name: string;
  /** For events of a child line: which collection and line. */
  collection?: string;
  line_id?: string;
  changes: { field: string; old: unknown; new: unknown }[];
}

export interface RecordedLike {
  type: string;
  data: unknown;
  position: string;
  version: number;
  meta: { at: string; userId: string; userName: string };
}

/** Fields whose values history and the trail never show (a webhook's secret): only that they changed. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['secret']);
export const MASKED_VALUE = '••••••••';
const shown = (field: string, v: unknown) => (SECRET_FIELDS.has(field) && v !== null && v !== undefined && v !== '' ? MASKED_VALUE : v);

const toList = (c: Changes) => Object.entries(c).map(([field, v]) => ({ field, old: shown(field, v.old), new: shown(field, v.new) }));

/** Values of a created record or line, shown as changes from nothing (less its ids). */
const created = (values: Record<string, unknown>, skip: string[] = []) =>
  Object.entries(values)
    .filter(([k, v]) => v !== null && v !== undefined && v !== '' && k !== 'id' && !skip.includes(k))
    .map(([field, v]) => ({ field, old: null, new: shown(field, v) }));

/** One event as a history entry; a line's event names its collection among `defs` (the record's, or every one). */
export function historyEntryIn(defs: readonly CollectionDef[], e: RecordedLike): HistoryEntry {
  const data = (e.data ?? {}) as Record<string, unknown>;
  const base = { position: e.position, version: e.version, type: e.type, at: e.meta.at, user_id: e.meta.userId, user_name: e.meta.userName };
  const line = lineEventKindIn(defs, e.type);
  if (line) {
    const id = String(data.id);
    const changes =
      line.kind === 'added' ? created(data.line as Record<string, unknown>, [line.def.parentField]) : line.kind === 'revised' ? toList(data.changes as Changes) : [];
    return { ...base, collection: line.def.name, line_id: id, changes };
  }
  if (data.changes && typeof data.changes === 'object') return { ...base, changes: toList(data.changes as Changes) };
  if (data.values && typeof data.values === 'object') return { ...base, changes: created(data.values as Record<string, unknown>) };
  return { ...base, changes: otherChanges(data) };
}

/** Fields that say which thing an event is about (the record shows them), not what changed. */
const IDENTITY = new Set(['previous', 'kind', 'item']);

/**
 * Any other event shows its plain values. An event that sets one value carries the old one as
 * `previous` (CurrentNumberSet's number, SubscriptionChanged's quantity), shown as that value's old.
 */
function otherChanges(data: Record<string, unknown>) {
  const out: { field: string; old: unknown; new: unknown }[] = created(
    Object.fromEntries(Object.entries(data).filter(([k, v]) => !IDENTITY.has(k) && (v === null || typeof v !== 'object'))),
  );
  if ('previous' in data) {
    const set = out.find((c) => c.field === 'number' || c.field === 'quantity');
    if (set) set.old = data.previous;
    else out.push({ field: 'previous', old: null, new: data.previous });
  }
  return out;
}
