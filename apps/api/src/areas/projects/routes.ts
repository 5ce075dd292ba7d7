/**
 * Project calls of spec 1 section 7 (docs/projects.md). The record, its history, as-of and its child
 * collections come from recordRoutes; the list with its date range and the user's saved search
 * dates are particular to projects. The management report is declared in the domain's report
 * catalogue and routed by the reports area.
 */
import { projectFields } from '@trenchline/domain';
import { defineRoutes } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { listRoute } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';

/** Toggles, range and saved search dates as every date-ranged list has them; a project is due on due_date. */
const range = listRange({ preference: 'projects.search_dates' });

export const projectRoutes = defineRoutes('projects', [
  listRoute({ path: '/projects', list: 'projects', summary: 'Project list (?active=t|f&archived=t|f; ?start_date&end_date&live_and_future, else the saved search dates; ?q=), by project_days_left' }),
  ...range.searchDatesRoutes('/projects/search_dates', 'project-list'),
  ...recordRoutes({
    aggregate: 'project',
    base: '/projects/:id',
    fields: projectFields,
    create: { path: '/projects', summary: 'Create a project (empty body, or any fields); a new project is New, colour None' },
  }),
]);
