/** The help ticket as clients see it: one shape for the detail, list rows, live updates and the report. */
import { linesOfCollection } from '../shared/collections.ts';
import { HELP_TICKET_FIELD_NAMES } from './commands.ts';
import type { HelpTicketState } from './help-ticket.ts';
import { helpFiles, helpUpdates } from './collections.ts';
import { awaiting } from './rules.ts';

export function helpTicketView(state: HelpTicketState) {
  const fields = Object.fromEntries(HELP_TICKET_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null]));
  const updates = linesOfCollection(state.lines, helpUpdates);
  const last = updates.at(-1);
  return {
    id: state.id!,
    ...fields,
    submitted_by: state.fields.submitted_by ?? null,
    submitted_by_name: state.fields.submitted_by_name ?? null,
    created_at: state.created_at,
    last_updated: state.last_updated,
    last_updated_by: state.last_updated_by ?? null,
    update_count: updates.length,
    file_count: linesOfCollection(state.lines, helpFiles).length,
    latest_update: last ? { text: (last.update as string) ?? '', by: (last.created_by as string) ?? null, at: (last.created_date as string) ?? null, status: (last.update_status as string) ?? null } : null,
    awaiting: awaiting(fields),
  };
}
