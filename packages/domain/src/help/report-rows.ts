/**
 * The rows of the help management report (reports.ts), as a pure rule over what the help list shows:
 * each selected ticket's stored view (helpTicketView). Tickets come in the list's order, newest first.
 */
import { closedTicket, HELP_PRIORITIES } from './rules.ts';
import { plural, printedText as text } from '../shared/line-sections.ts';

const byNewest = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const [x, y] = [BigInt(String(a.id)), BigInt(String(b.id))];
  return x === y ? 0 : x > y ? -1 : 1;
};

/** The latest update as one cell: 'Dana (Working on it): Looking now'; its author and status when known. */
export function latestUpdateText(latest: unknown): string | null {
  if (!latest || typeof latest !== 'object') return null;
  const u = latest as { text?: unknown; by?: unknown; status?: unknown };
  const who = [text(u.by), text(u.status) ? `(${text(u.status)})` : null].filter(Boolean).join(' ');
  const said = text(u.text);
  return [who || null, said].filter(Boolean).join(': ') || null;
}

/** A ticket is open until closed (ticket or submitter status) or archived. */
export const openTicket = (v: Record<string, unknown>) => !closedTicket(v) && v.archived !== true;

/** How many tickets of each priority, most pressing first, the unset ones last ('Critical 1, Normal 2, None 1'). */
export function priorityCounts(rows: { priority: string | null }[]) {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.priority ?? '', (counts.get(r.priority ?? '') ?? 0) + 1);
  const order = [...[...HELP_PRIORITIES].reverse(), ...[...counts.keys()].filter((p) => p && !(HELP_PRIORITIES as readonly string[]).includes(p)).sort(), ''];
  return order.filter((p) => counts.has(p)).map((p) => ({ priority: p || null, count: counts.get(p)! }));
}

/** The help management report: each ticket's subject, type, priority, mood, three statuses, submitter, dates and updates. */
export function helpManagementRows(views: Record<string, unknown>[]) {
  const rows = [...views].sort(byNewest).map((v) => ({
    id: String(v.id),
    subject: text(v.subject),
    ticket_type: text(v.ticket_type),
    priority: text(v.priority),
    submitter_mood: text(v.submitter_mood),
    ticket_status: text(v.ticket_status),
    submitter_status: text(v.submitter_status),
    our_status: text(v.our_status),
    submitted_by: text(v.submitted_by_name),
    created: (v.created_at as string | null) ?? null,
    completion_date: (v.completion_date as string | null) ?? null,
    updates: Number(v.update_count ?? 0),
    latest_update: latestUpdateText(v.latest_update),
    open: openTicket(v),
  }));
  const byPriority = priorityCounts(rows);
  const totals = {
    tickets: rows.length,
    open: rows.filter((r) => r.open).length,
    updates: rows.reduce((s, r) => s + r.updates, 0),
    by_priority: byPriority,
  };
  return {
    rows,
    totals,
    label: `Totals (${plural(rows.length, 'ticket')})`,
    priorities: byPriority.map((p) => `${p.priority ?? 'None'} ${p.count}`).join(', '),
  };
}
