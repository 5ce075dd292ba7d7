/** Every area of the product (specs 1-3), in the order office staff use them. */
export interface Area {
  label: string;
  path: string;
  /** Only these roles see it (none: every role). */
  roles?: readonly Role[];
}

export type Role = 'admin' | 'office' | 'field' | 'auditor';

export const AREAS: Area[] = [
  { label: 'Bids', path: '/bid/' },
  { label: 'Projects', path: '/project/' },
  { label: 'Routines', path: '/routine/' },
  { label: 'Jobs', path: '/job/' },
  { label: 'ORCA', path: '/job/orca/' },
  { label: 'All other jobs', path: '/job/others/' },
  { label: 'Tickets', path: '/ticket/' },
  { label: 'Locates', path: '/locate/' },
  { label: 'Help', path: '/help/' },
  { label: 'Orders', path: '/order/' },
  { label: 'RFQs', path: '/rfq/' },
  { label: 'Sales', path: '/sales/' },
  { label: 'Settings', path: '/settings/' },
  { label: 'Reports', path: '/report/' },
  // The trail is read by the office, admins and auditors; a field user is refused it by the server.
  { label: 'Audit trail', path: '/audit/', roles: ['admin', 'office', 'auditor'] },
];

/** The areas a user of `role` sees (a role not known yet: every area; the server refuses what it must). */
export const areasFor = (role: Role | null | undefined) => AREAS.filter((a) => !a.roles || !role || a.roles.includes(role));

/** The area a path belongs to: the longest area path that prefixes it (/job/orca/12 is ORCA, /job/12 is Jobs). */
export function areaOf(pathname: string): Area | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return AREAS.filter((a) => path.startsWith(a.path)).sort((a, b) => b.path.length - a.path.length)[0];
}
