/**
 * Pure helpers of the history drawer: how a record's history answer (GET .../{id}/history/) reads to
 * office staff. No React here, so every rule is unit tested.
 */
import { showDate, showDateTime } from '../../lib/dates';

/** One field of an event: its value before and after. */
export interface HistoryChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** One event of a record's history as the API answers it (oldest first). */
export interface HistoryEntry {
  position: string | number;
  version: number;
  type: string;
  at: string;
  user_id?: string;
  user_name: string;
  /** For an event of a child line: which collection and line. */
  collection?: string;
  line_id?: string;
  changes: HistoryChange[];
}

/** 'CrewAdded' -> 'Crew added', 'SVACodesImported' -> 'SVA codes imported'. */
export const eventLabel = (type: string) =>
  type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .filter(Boolean)
    .map((w, i) => (/^[A-Z]{2,}$/.test(w) ? w : i === 0 ? w[0].toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()))
    .join(' ');

/** 'crew_name' -> 'Crew name': a field's words when nothing names it better. */
export const wordsOf = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** A field's old or new value as text: nothing is '—', flags Yes/No, days MM/DD/YYYY. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return showDate(v);
  // Stamped instants (created_date, done_at) read as the entry's own time does, not as ISO text.
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return showDateTime(v);
  return String(v);
}

/** What a line event is about, e.g. 'Item 12'; '' for an event of the record itself. */
export function lineOf(entry: Pick<HistoryEntry, 'collection' | 'line_id'>, nounOf: (collection: string) => string | undefined = () => undefined): string {
  if (!entry.collection) return '';
  const noun = nounOf(entry.collection);
  return [noun ? noun[0].toUpperCase() + noun.slice(1) : wordsOf(entry.collection), entry.line_id ?? ''].join(' ').trim();
}

/** Newest first, as the drawer lists them; the answer itself is left alone. */
export const newestFirst = <T extends HistoryEntry>(entries: readonly T[] | undefined): T[] => [...(entries ?? [])].reverse();

/** A key unique within one record's history (one command may record several events). */
export const entryKey = (e: HistoryEntry) => `${e.position}-${e.version}-${e.type}-${e.line_id ?? ''}`;
