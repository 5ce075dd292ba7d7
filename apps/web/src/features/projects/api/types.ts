import type { Line, ProjectFields } from '@trenchline/domain';
import { rangedListKey, type ListPrefs } from '../../../lib/listPrefs';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every project field, null when never set (the API always sends the full shape). */
export type ProjectValues = RecordValues<ProjectFields>;

export type PdfBundleRef = {
  id: string;
  file: string;
  file_name: string;
};

/** The project's first location, as list rows carry it. */
export type LocationRef = {
  id: string;
  name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** A row of GET /api/projects/ (and of live 'row' events of the 'projects' list). */
export type ProjectRow = ProjectValues & {
  id: string;
  created_at: string | null;
  last_updated: string | null;
  project_days_left: number | null;
  project_days_colour: 'red' | 'orange' | null;
  colour_background: string | null;
  pdf_bundle: PdfBundleRef | null;
  latest_note: string | null;
  location: LocationRef | null;
  customer_names: string;
  version?: number;
};

/** GET /api/projects/{id}: the row plus its lines under their route segment. */
export type ProjectDetail = ProjectRow & {
  version: number;
  position?: string | number;
  customers: Line[];
  locations: Line[];
  contacts: Line[];
  notes: Line[];
  files: Line[];
};

export type { WriteAnswer } from '../../../components/record/api/listedRecordWrites';

export const projectStream = (id: string) => `project-${id}`;
export const projectKey = (id: string) => ['record', projectStream(id)] as const;
export const projectUrl = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

/**
 * The list's key: ['list', 'projects', <its rows in row terms>, <the range asked for>]. realtime.ts
 * matches live rows against the third element, so it holds only what rows themselves say (archived).
 */
export const projectsKey = (p: ListPrefs) => rangedListKey('projects', p);

export const searchDatesKey = ['projects', 'search_dates'] as const;

const LINE_SEGMENTS = ['customers', 'locations', 'contacts', 'notes', 'files'] as const;

/** A project answer as a list row (the detail's lines left out). */
export function rowOf(project: ProjectRow & Partial<Record<(typeof LINE_SEGMENTS)[number], Line[]>> & { position?: unknown }): ProjectRow {
  const row: Record<string, unknown> = { ...project };
  for (const k of LINE_SEGMENTS) delete row[k];
  delete row.position;
  return row as ProjectRow;
}
