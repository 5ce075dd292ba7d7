/**
 * The lists clients read and the projections that keep them, declared beside each other so the api
 * (X-Min-Position waits, health) needs nothing of the projector app. The projector's tests check that
 * its registry runs exactly these projections.
 */
import { aggregates } from '@trenchline/domain';

/**
 * Which projections keep each list, for X-Min-Position waits: every record list is kept by
 * `<list>_list` (the projector's `recordListProjection`), so a new area's list needs no entry here.
 */
export const projectionsOfList: Record<string, string[]> = {
  ...Object.fromEntries(Object.values(aggregates).flatMap((a) => (a.list ? [[a.list, [`${a.list}_list`]]] : []))),
  settings: ['settings_records'],
  user_app_activities: ['user_app_activities'],
  collection_lines: ['collection_lines'],
};

/** Every projection the projector runs, by name (health reports each one's lag). */
export const projectionNames: string[] = [...new Set(Object.values(projectionsOfList).flat())];
