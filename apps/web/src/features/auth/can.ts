/**
 * What the signed-in user's role lets the screens offer (docs/roles.md): one place, so no screen
 * checks a role of its own. The server is the guard; this only hides what it would refuse.
 */
import type { Role } from '@trenchline/domain';
import { useMe } from './api/me';

/**
 * What a screen may offer: a whole area (its web path), one kind of action, or writing an area's
 * records themselves (New, Save, Delete, Archived: `{ writeRecords: '/job/' }`), apart from their lines.
 */
export type Ability = 'manage users' | 'change settings' | 'write' | 'see money' | 'run bulk actions' | { area: string } | { writeRecords: string };

/** The areas a field user opens: their jobs, tickets, locates and reports. */
const FIELD_AREAS = ['/job/', '/ticket/', '/locate/', '/report/'];
/** The areas whose records a field user writes: a job's own fields are the office's, only its field lines are theirs. */
const FIELD_RECORD_AREAS = ['/ticket/', '/locate/'];

export function can(role: Role | undefined, ability: Ability): boolean {
  if (!role) return false;
  if (role === 'admin') return true;
  if (typeof ability === 'object') {
    if ('area' in ability) return role !== 'field' || FIELD_AREAS.includes(ability.area);
    return role === 'office' || (role === 'field' && FIELD_RECORD_AREAS.includes(ability.writeRecords));
  }
  switch (ability) {
    case 'manage users':
    case 'change settings':
      return false;
    // The list's bulk buttons (Delete, Archive, zips and their reports) are one office area on the server.
    case 'run bulk actions':
      return role === 'office';
    case 'write':
      return role !== 'auditor';
    case 'see money':
      return role !== 'field';
  }
}

/** `can` for the signed-in user (false until /auth/me has answered). */
export function useCan(): (ability: Ability) => boolean {
  const { data: me } = useMe();
  return (ability) => can(me?.role, ability);
}

/** Where a user starts (after signing in, or at '/'): the first area their role opens. */
export const homeOf = (role: Role | undefined): string => (role === 'field' ? FIELD_AREAS[0] : '/bid/');
