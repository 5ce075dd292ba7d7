/** What the schedules screen shows and sends, in pure functions (tested beside). */
import { bulkList, bulkListNames, bulkReportNames, bulkReportOf, reportDef } from '@trenchline/domain';
import type { ScheduleRow, ScheduleValues } from './api/schedules';

/** The lists with reports, in the contractor's words ('help_tickets' -> 'Help tickets'). */
export const listChoices = () =>
  bulkListNames()
    .filter((l) => bulkReportNames(bulkList(l)).length)
    .map((l) => ({ value: l, label: words(l) }));

export const words = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** A list's reports by the names a schedule keeps, with their labels and formats. */
export function reportChoices(list: string) {
  if (!bulkListNames().includes(list)) return [];
  const declared = bulkList(list);
  return bulkReportNames(declared).map((name) => {
    const def = reportDef(bulkReportOf(declared, name) ?? '');
    return { value: name, label: def?.label ?? words(name), formats: (def?.formats ?? ['xlsx']) as ScheduleValues['format'][] };
  });
}

export const reportLabel = (row: Pick<ScheduleRow, 'list' | 'report'>) => reportChoices(row.list).find((r) => r.value === row.report)?.label ?? row.report;

/** The filter as lines 'name=value' (the list call's query), and back; blank lines and lines without '=' are left out. */
export const filterText = (f: Record<string, unknown>) =>
  Object.entries(f)
    .map(([k, v]) => `${k}=${v === null ? '' : String(v)}`)
    .join('\n');
export function filterOfText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** Who it goes to, in a few words: '2 users, 1 address'. */
export function recipientsWords(r: ScheduleValues['recipients']) {
  const part = (n: number, one: string, many: string) => (n ? `${n} ${n === 1 ? one : many}` : null);
  return [part(r.users.length, 'user', 'users'), part(r.emails.length, 'address', 'addresses'), part(r.webhooks.length, 'webhook', 'webhooks')].filter(Boolean).join(', ') || 'nobody';
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const newSchedule = (list = listChoices()[0]?.value ?? ''): ScheduleValues => {
  const report = reportChoices(list)[0];
  return { name: '', list, report: report?.value ?? '', format: report?.formats[0] ?? 'xlsx', filter: {}, rhythm: { every: 'week', weekday: 1, month_day: null, at: '07:00' }, recipients: { users: [], emails: [], webhooks: [] }, active: true };
};

/** The editable values of a schedule as the API answered it. */
export const valuesOf = (r: ScheduleRow): ScheduleValues => ({ name: r.name, list: r.list, report: r.report, format: r.format, filter: Object.fromEntries(Object.entries(r.filter ?? {}).map(([k, v]) => [k, String(v ?? '')])), rhythm: r.rhythm, recipients: r.recipients, active: r.active });
