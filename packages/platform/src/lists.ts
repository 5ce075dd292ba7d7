/**
 * The lists clients read and the projections that keep them, declared beside each other so the api
 * (X-Min-Position waits, health) needs nothing of the projector app. The projector's tests check that
 * its registry runs exactly these projections, in this order.
 */
import { catalogRecords } from '@trenchline/domain';

/** Which projections keep each list, for X-Min-Position waits. */
export const projectionsOfList: Record<string, string[]> = {
  bids: ['bids_list'],
  projects: ['projects_list'],
  reports: ['reports_list'],
  jobs: ['jobs_list'],
  routines: ['routines_list'],
  do_routines: ['do_routines_list'],
  ...Object.fromEntries(catalogRecords().map((c) => [c.list, [`${c.list}_list`]])),
  settings: ['settings_records'],
  user_app_activities: ['user_app_activities'],
  collection_lines: ['collection_lines'],
};

/** Every projection the projector runs, by name (health reports each one's lag). */
export const projectionNames: string[] = [...new Set(Object.values(projectionsOfList).flat())];
