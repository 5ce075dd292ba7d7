/** Every area of the product (specs 1-3), in the order office staff use them. */
export interface Area {
  label: string;
  path: string;
}

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
  // Read by admins, the office and auditors: a field user's areas are the roles' (features/auth can).
  { label: 'Audit trail', path: '/audit/' },
];

/** The area a path belongs to: the longest area path that prefixes it (/job/orca/12 is ORCA, /job/12 is Jobs). */
export function areaOf(pathname: string): Area | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return AREAS.filter((a) => path.startsWith(a.path)).sort((a, b) => b.path.length - a.path.length)[0];
}
