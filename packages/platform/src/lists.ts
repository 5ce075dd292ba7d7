/**
 * The lists clients read and the projections that keep them, declared beside each other so the api
 * (X-Min-Position waits, health) needs nothing of the projector app. The projector's tests check that
 * its registry runs exactly these projections. Read when asked, so an area added to the domain after
 * this file loaded (a test's fixture area) has its list here too.
 */
import { aggregates } from '@trenchline/domain';

/** The lists kept by projections of their own rather than by a record list's. */
const KEPT_APART: Record<string, string[]> = {
  settings: ['settings_records'],
  user_app_activities: ['user_app_activities'],
  collection_lines: ['collection_lines'],
  audit_trail: ['audit_trail'],
  webhooks: ['webhooks'],
};

/** Every list a read may wait for: each aggregate's, and those kept apart. */
export const listNames = (): string[] => [...new Set([...Object.values(aggregates).flatMap((a) => (a.list ? [a.list] : [])), ...Object.keys(KEPT_APART)])];

/**
 * Which projections keep a list, for X-Min-Position waits: every record list is kept by `<list>_list`
 * (the projector's `recordListProjection`), so a new area's list needs no entry here.
 */
export const projectionsOfList = (list: string): string[] => KEPT_APART[list] ?? (Object.values(aggregates).some((a) => a.list === list) ? [`${list}_list`] : []);

/** Every projection the projector runs, by name (health reports each one's lag). */
export const projectionNames = (): string[] => [...new Set(listNames().flatMap(projectionsOfList))];
