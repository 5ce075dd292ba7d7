/** The locate as clients see it (detail, list rows, live updates, reports): one shape, one rule. */
import { linesOfCollection } from '../shared/collections.ts';
import { latestNote } from '../projects/rules.ts';
import { LOCATE_FIELD_NAMES } from './commands.ts';
import type { LocateState } from './locate.ts';
import { locateCrews, locateCustomerData, locateNotes, locateNumbers } from './collections.ts';
import { locateDaysLeft } from './rules.ts';

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The chain of ticket numbers of one locate, first to current (a number repeated in a row shown once). */
export function ticketChain(history: readonly Record<string, unknown>[], current: unknown): string[] {
  const chain: string[] = [];
  for (const n of [...history.map((h) => h.ticket_number), current]) if (filled(n) && chain.at(-1) !== n.trim()) chain.push(n.trim());
  return chain;
}

/** The segments the locate names (its customer data's seg, its history's segment), each once: none means the whole job. */
export function locateSegments(state: Pick<LocateState, 'lines'>): string[] {
  const segs = [
    ...linesOfCollection(state.lines, locateCustomerData).flatMap((c) => [c.seg, c.segment]),
    ...linesOfCollection(state.lines, locateNumbers).map((n) => n.segment),
  ].filter(filled).map((s) => s.trim());
  return [...new Set(segs)];
}

export function locateView(state: LocateState, today: string) {
  const fields = Object.fromEntries(LOCATE_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null]));
  const history = linesOfCollection(state.lines, locateNumbers);
  const [customer] = linesOfCollection(state.lines, locateCustomerData);
  return withLocateDays(
    {
      id: state.id!,
      ...fields,
      created_at: state.created_at,
      last_updated: state.last_updated,
      last_updated_by: state.last_updated_by ?? null,
      opened_at: state.opened_at ?? null,
      opened_by: state.opened_by ?? null,
      ticket_chain: ticketChain(history, fields.current_ticket_number),
      re_up_count: Math.max(0, history.length - (history.length && history[0].remarks === 'Original ticket' ? 1 : 0)),
      segments: locateSegments(state),
      customer: (customer?.customer as string) ?? null,
      customer_job_number: (customer?.job_number as string) ?? null,
      crew_string: linesOfCollection(state.lines, locateCrews).map((c) => c.crew_name).filter(filled).join(', '),
      latest_note: latestNote(linesOfCollection(state.lines, locateNotes)),
    },
    today,
  );
}

/** The fields that depend on today's date, refreshed whenever a stored row is shown. */
export function withLocateDays<T extends Record<string, unknown>>(view: T, today: string) {
  return { ...view, ...locateDaysLeft(view.current_date_expiration as string | null, today) };
}
