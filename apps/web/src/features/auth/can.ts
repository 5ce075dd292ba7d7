/**
 * What the signed-in user's role lets the screens offer (docs/roles.md): one place, so no screen
 * checks a role of its own. The server is the guard; this only hides what it would refuse.
 */
import type { Role } from '@trenchline/domain';
import { useMe } from './api/me';

/**
 * What a screen may offer: a whole area (its web path), one kind of action, or writing an area's
 * records themselves (New, Save, Delete, Archived: `{ writeRecords: '/job/' }`), or a collection's lines
 * by its registry name (`{ writeLines: 'job_notes' }`; `{ readLines }` whether they are read at all).
 */
export type Ability = 'manage users' | 'change settings' | 'write' | 'see money' | 'run bulk actions' | 'approve tickets' | { area: string } | { writeRecords: string } | { writeLines: string } | { readLines: string };

/** The areas a field user opens: their jobs, tickets, locates and reports. */
const FIELD_AREAS = ['/job/', '/ticket/', '/locate/', '/report/'];
/** The areas whose records a field user writes: a job's own fields are the office's, only its field lines are theirs. */
const FIELD_RECORD_AREAS = ['/ticket/', '/locate/'];
/** A job's lines a field user writes on their jobs (the server's FIELD_LINES): tasks, notes, files and photos, production, segments, damage reports. */
const FIELD_JOB_LINES = ['job_tasks', 'job_task_files', 'job_task_photos', 'job_notes', 'job_photos', 'job_general_files', 'job_productions', 'job_production_photos', 'job_segments', 'job_damage_reports', 'job_damage_report_photos'];

/** A job's money and payroll lines (the server's MONEY_LINES): a field user reads none of them. */
const OFFICE_JOB_LINES = ['job_items', 'job_change_orders', 'job_invoices', 'job_crew_payouts', 'job_cibe_emails', 'job_timesheets', 'job_timecards'];

/** Whether a field user writes a collection's lines: their jobs' field lines, and a ticket's or a locate's but payroll. */
const fieldWritesLines = (collection: string) =>
  collection.startsWith('job_') ? FIELD_JOB_LINES.includes(collection) : /^(ticket|locate)_/.test(collection) && collection !== 'ticket_payroll';

export function can(role: Role | undefined, ability: Ability): boolean {
  if (!role) return false;
  if (role === 'admin') return true;
  if (typeof ability === 'object') {
    if ('area' in ability) return role !== 'field' || FIELD_AREAS.includes(ability.area);
    if ('readLines' in ability) return role !== 'field' || !OFFICE_JOB_LINES.includes(ability.readLines);
    if ('writeLines' in ability) return role === 'office' || (role === 'field' && fieldWritesLines(ability.writeLines));
    return role === 'office' || (role === 'field' && FIELD_RECORD_AREAS.includes(ability.writeRecords));
  }
  switch (ability) {
    case 'manage users':
    case 'change settings':
      return false;
    // The list's bulk buttons (Delete, Archive, zips and their reports) are one office area on the server.
    case 'run bulk actions':
      return role === 'office';
    // Approving a ticket (and asking for its edit) is office work on the server.
    case 'approve tickets':
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
