/** The project as clients see it (detail, list rows, live updates, reports): one shape, one rule. */
import { linesOfCollection } from '../shared/collections.ts';
import { projectCustomers, projectFiles, projectLocations, projectNotes } from './collections.ts';
import { pdfBundleOf } from '../shared/files.ts';
import { PROJECT_FIELD_NAMES } from './commands.ts';
import type { ProjectState } from './project.ts';
import { colourBackground, customerNames, latestNote, projectDaysLeft } from './rules.ts';

export function projectView(state: ProjectState, today: string) {
  const bundle = pdfBundleOf(linesOfCollection(state.lines, projectFiles));
  const [first] = linesOfCollection(state.lines, projectLocations);
  const fields = Object.fromEntries(PROJECT_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null]));
  return withProjectDays(
    {
      id: state.id!,
      ...fields,
      created_at: state.created_at,
      last_updated: state.last_updated,
      colour_background: colourBackground(fields.colour),
      customer_names: customerNames(fields.customer, linesOfCollection(state.lines, projectCustomers)),
      latest_note: latestNote(linesOfCollection(state.lines, projectNotes)),
      location: first
        ? { id: first.id, name: first.name ?? null, address: first.address ?? null, city: first.city ?? null, state: first.state ?? null, latitude: first.latitude ?? null, longitude: first.longitude ?? null }
        : null,
      pdf_bundle: bundle ? { id: bundle.id, file: bundle.file, file_name: bundle.file_name } : null,
    },
    today,
  );
}

/** The fields that depend on today's date, refreshed whenever a stored row is shown. */
export function withProjectDays<T extends Record<string, unknown>>(view: T, today: string) {
  return { ...view, ...projectDaysLeft(view.due_date as string | null, today) };
}
