/** Every area of the product (specs 1-3), in the order office staff use them. */
export interface Area {
  label: string;
  path: string;
  /** Shown on the area's page until it is built. */
  plan: string;
  built?: boolean;
}

export const AREAS: Area[] = [
  { label: 'Bids', path: '/bid/', built: true, plan: 'Bids with their items, notes, customer data and PDF bundle.' },
  { label: 'Projects', path: '/project/', built: true, plan: "The project list and dashboard, and each project's customers, locations, contacts and notes." },
  { label: 'Routines', path: '/routine/', built: true, plan: 'Reusable checklists of sets and tasks, and the do-routines run from them.' },
  { label: 'Jobs', path: '/job/', built: true, plan: 'The job list with its filters, colour tags, reports, PDF bundle zips and bulk actions. Job pages opened from a bid already work.' },
  { label: 'ORCA', path: '/job/orca/', built: true, plan: 'The ORCA jobs, each with its tasks, CIBE lines, CIBE emails and permits; the full dashboard and the billing dashboard come next.' },
  { label: 'All other jobs', path: '/job/others/', built: true, plan: 'The dashboard of base jobs with segment roll-ups and the Management and Crew reports.' },
  { label: 'Tickets', path: '/ticket/', built: true, plan: 'Work tickets with production lines, items, equipment, materials, expenses, timecards and signatures.' },
  { label: 'Locates', path: '/locate/', built: true, plan: 'Locate requests with their number history, customer data, assigned crews, notes and re-ups, and the expiry watch.' },
  { label: 'Help', path: '/help/', built: true, plan: 'Help tickets with their updates and files, and the training video.' },
  { label: 'Orders', path: '/order/', built: true, plan: 'Customer orders: a customer of Settings, items by product or barcode, the total, submit and the printable order.' },
  { label: 'RFQs', path: '/rfq/', built: true, plan: 'Requests for quote with their segments, per-segment estimates, totals, margin and PDF bundle.' },
  { label: 'Sales', path: '/sales/', built: true, plan: 'The sales tracker: organisations with locations, surveys, contacts, e-mails, calls, meetings and activities.' },
  { label: 'Settings', path: '/settings/', built: true, plan: 'Background picture, crews, document numbering, customers, vendors, raw materials, products, SVA codes and the training video.' },
  { label: 'Reports', path: '/report/', built: true, plan: 'Generated reports (ops, management, billing, crew) and their files, with their progress.' },
];

/** The area a path belongs to: the longest area path that prefixes it (/job/orca/12 is ORCA, /job/12 is Jobs). */
export function areaOf(pathname: string): Area | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return AREAS.filter((a) => path.startsWith(a.path)).sort((a, b) => b.path.length - a.path.length)[0];
}
