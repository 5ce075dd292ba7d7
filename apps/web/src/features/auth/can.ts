/**
 * What the signed-in user's role lets the screens offer (docs/roles.md): one place, so no screen
 * checks a role of its own. The server is the guard; this only hides what it would refuse.
 */
import type { Role } from '@trenchline/domain';
import { useMe } from './api/me';

/** What a screen may offer: a whole area (its web path), or one kind of action. */
export type Ability = 'manage users' | 'change settings' | 'write' | 'see money' | { area: string };

/** The areas a field user opens: their jobs, tickets, locates and reports. */
const FIELD_AREAS = ['/job/', '/ticket/', '/locate/', '/report/'];

export function can(role: Role | undefined, ability: Ability): boolean {
  if (!role) return false;
  if (role === 'admin') return true;
  if (typeof ability === 'object') return role !== 'field' || FIELD_AREAS.includes(ability.area);
  switch (ability) {
    case 'manage users':
    case 'change settings':
      return false;
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
