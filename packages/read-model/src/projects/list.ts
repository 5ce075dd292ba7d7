/** The project list: sort keys are the fields apps/web/src/features/projects/components/ProjectTable.tsx shows. */
import { placeOf } from '@trenchline/domain';
import { date, defineList, number, text } from '@trenchline/platform/lists/define.ts';

export const projects = defineList({
  name: 'projects',
  aggregate: 'project',
  table: 'projects',
  columns: [
    date('start_date'),
    date('due_date'),
    date('created_on', 'created_at'),
    text('name'),
    text('status'),
    text('customer_names'),
    text('work_type'),
    text('place', (v) => placeOf(v.location as Record<string, unknown> | null, v)),
    text('po_number'),
    number('po_amount'),
    text('latest_note'),
  ],
  sorts: {
    id: 'id',
    // Days left count down to the due date: the same order.
    project_days_left: 'due_date',
    ...Object.fromEntries(['name', 'status', 'customer_names', 'work_type', 'start_date', 'due_date', 'place', 'po_number', 'po_amount', 'latest_note'].map((n) => [n, n])),
  },
  defaultOrdering: 'project_days_left',
  search: (v) => [v.id, v.name, v.customer_names, v.description, v.status, v.work_type, v.po_number, v.address, v.city, v.county, v.state, v.latest_note],
  filters: { toggles: 'active_archived', range: { due: 'due_date', start: 'start_date', created: 'created_on', preference: 'projects.search_dates' } },
});
