/**
 * Who may do what (docs/roles.md): each user has one role. admin runs the account (users, settings,
 * cancellation); office does everything else; field works tickets, locates and the lines of the jobs
 * they are assigned to, without money; auditor reads everything and writes nothing.
 */
export const ROLES = ['admin', 'office', 'field', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** A user added without a role is office: the role that does the day's work. */
export const DEFAULT_ROLE: Role = 'office';

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** What each role is called on screens and in refusals ('A field user cannot ...'). */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', office: 'Office', field: 'Field', auditor: 'Auditor' };
