/** Project read models: the project list. */
import { recordListProjection } from '../shared/record-list.ts';

export const projectList = recordListProjection({
  aggregate: 'project',
  table: 'projects',
  columns: (v) => ({
    start_date: v.start_date ?? null,
    due_date: v.due_date ?? null,
    created_on: typeof v.created_at === 'string' ? v.created_at.slice(0, 10) : null,
  }),
  search: (v) => [v.id, v.name, v.customer_names, v.description, v.status, v.work_type, v.po_number, v.address, v.city, v.county, v.state, v.latest_note],
});

export const projectProjections = [projectList];
