/**
 * The audit trail's pure pieces (tested in auditLogic.test.ts): the filters kept in the URL (so a link
 * reproduces the view), each change in words, who did it, and the history check's answer in words.
 */
import dayjs from 'dayjs';
import type { ListFilter } from '../../components/table/pagedList';
import type { AuditChange, AuditRow, VerifyAnswer } from './api/types';

/** The filters the URL keeps beside `q` (the find box's words, kept by the list itself). */
export const AUDIT_FILTERS = ['from', 'to', 'user', 'area', 'record', 'type'] as const;
export type AuditFilterName = (typeof AUDIT_FILTERS)[number];

/** The list call's filter from the URL: each known, non-blank filter (not q, which the find box sends). */
export function filterOfParams(params: URLSearchParams): ListFilter {
  const filter: ListFilter = {};
  for (const name of AUDIT_FILTERS) {
    const v = params.get(name)?.trim();
    if (v) filter[name] = v;
  }
  return filter;
}

/** The URL's params with one filter set, or removed when blank; the others (and q) kept. */
export function withFilter(params: URLSearchParams, name: AuditFilterName | 'q', value: string | null | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  const v = value?.trim();
  if (v) next.set(name, v);
  else next.delete(name);
  return next;
}

/** The export's filters: the list's, with the find box's words. */
export const exportFilter = (filter: ListFilter, q: string): ListFilter => (q.trim() ? { ...filter, q: q.trim() } : filter);

/** A range's picked minute as the bound sent: `from` its first instant, `to` its last, in the user's offset. */
export function rangeBound(picked: string | null, edge: 'from' | 'to'): string | null {
  if (!picked) return null;
  const d = dayjs(picked);
  if (!d.isValid()) return null;
  return (edge === 'from' ? d.startOf('minute') : d.endOf('minute')).format('YYYY-MM-DDTHH:mm:ss.SSSZ');
}

/** A value as the trail shows it: blank as '(blank)', yes/no, lists and objects in short. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(blank)';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(valueText).join(', ') || '(none)';
  return JSON.stringify(v);
}

/** A field's name in words: 'current_work_date' → 'current work date'. */
export const fieldText = (field: string) => field.replace(/_/g, ' ');

/** 'Line 3 · amount: 10 → 20', or 'status: Open → Closed' for the record's own field. */
export function changeText(c: AuditChange): string {
  const line = c.line === null || c.line === undefined || c.line === '' ? '' : `${typeof c.line === 'number' || /^\d+$/.test(String(c.line)) ? `Line ${c.line}` : String(c.line)} · `;
  return `${line}${fieldText(c.field)}: ${valueText(c.old)} → ${valueText(c.new)}`;
}

/** Every change of a row on one line (the table's row is one line high; the hover shows them one a line). */
export const changesText = (row: Pick<AuditRow, 'changes'>, separator = '; ') => (row.changes ?? []).map(changeText).join(separator);

/** 'Ann Smith (office)': the name, the role when known. */
export function whoText(row: Pick<AuditRow, 'user_name' | 'user_id' | 'role'>): string {
  const name = row.user_name || (row.user_id ? `User ${row.user_id}` : 'System');
  return row.role ? `${name} (${row.role})` : name;
}

/** The record as the trail names it: its number and title ('1004 Main St bore'), else its id. */
export function recordText(row: Pick<AuditRow, 'record_number' | 'record_title' | 'record_id'>): string {
  const words = [row.record_number, row.record_title].filter((w) => w !== null && w !== undefined && String(w).trim() !== '').join(' ');
  return words || (row.record_id ? `#${row.record_id}` : '');
}

/** The history check's answer in words: what was checked, or where the chain first broke and why. */
export function verifyText(a: VerifyAnswer): { ok: boolean; title: string; text: string } {
  const events = `${a.events_checked.toLocaleString('en-US')} event${a.events_checked === 1 ? '' : 's'}`;
  const anchors = a.anchors_checked === undefined ? '' : ` and ${a.anchors_checked.toLocaleString('en-US')} anchor${a.anchors_checked === 1 ? '' : 's'}`;
  if (a.ok && !a.first_broken) return { ok: true, title: 'History verified', text: `${events}${anchors} checked: nothing was changed, removed or inserted.` };
  const b = a.first_broken;
  const where = b ? `The chain first breaks at position ${b.position}${b.stream ? ` (stream ${b.stream})` : ''}: ${b.reason}.` : 'The chain does not hold.';
  return { ok: false, title: 'History does not verify', text: `${where} ${events}${anchors} checked.` };
}
