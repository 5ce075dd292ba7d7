/**
 * Every area's lists (`<area>/list.ts`, declared with the platform's `defineList`) composed into the one
 * list engine apps read through (docs/architecture.md "Lists"). A new area's list is added here.
 */
import { listEngine } from '@trenchline/platform/lists/engine.ts';
import { allOtherJobs, jobs, ticketJobs } from './jobs/list.ts';
import { orcaJobs } from './jobs/orca-list.ts';
import { orcaBillings } from './jobs/orca-billing-list.ts';
import { bids } from './bids/list.ts';
import { projects } from './projects/list.ts';
import { expiringLocates, locates, unassignedLocates } from './locates/list.ts';
import { helpTickets } from './help/list.ts';
import { orders } from './orders/list.ts';
import { tickets, unassignedTickets } from './tickets/list.ts';
import { rfqs } from './rfqs/list.ts';
import { salesOrganizations } from './sales/list.ts';
import { reportSchedules } from './reports/schedule-list.ts';

export { jobs as jobsList, allOtherJobs as allOtherJobsList, ticketJobs as ticketJobsList, CLOSED_WORK_STATUSES, ORCA_FORM_TYPE } from './jobs/list.ts';
export { orcaJobs as orcaJobsList, ORCA_DASHBOARD_PREFERENCE, orcaJobsNumbered } from './jobs/orca-list.ts';
export { orcaBillings as orcaBillingsList, orcaInvoiceRows } from './jobs/orca-billing-list.ts';
export { bids as bidsList } from './bids/list.ts';
export { projects as projectsList } from './projects/list.ts';
export { locates as locatesList, expiringLocates as expiringLocatesList, unassignedLocates as unassignedLocatesList, LOCATE_SEARCH_DATES, locatesOfJobs, withLocateWarnings } from './locates/list.ts';
export { helpTickets as helpTicketsList, HELP_SEARCH_DATES } from './help/list.ts';
export { orders as ordersList, ORDER_SEARCH_DATES } from './orders/list.ts';
export { tickets as ticketsList, unassignedTickets as unassignedTicketsList, TICKET_SEARCH_DATES } from './tickets/list.ts';
export { rfqs as rfqsList, RFQ_SEARCH_DATES } from './rfqs/list.ts';
export { salesOrganizations as salesOrganizationsList, SALES_SEARCH_DATES } from './sales/list.ts';
export { reportSchedules as reportSchedulesList, dueSchedules, schedulesOutOfZone, accountTimeZone } from './reports/schedule-list.ts';

/** The engine over every list: look-ups by name (`listDef`, `listDefs`), filters, rows, counts, groups and ids. */
export const { listDefs, listDef, addList, listFilterShape, listFilterSchema, matchingRows, matchingPage, countMatching, countMatchingAbout, matchingGroups, matchingIds } = listEngine([
  jobs,
  allOtherJobs,
  orcaJobs,
  orcaBillings,
  bids,
  projects,
  locates,
  expiringLocates,
  unassignedLocates,
  helpTickets,
  orders,
  tickets,
  unassignedTickets,
  ticketJobs,
  rfqs,
  salesOrganizations,
  reportSchedules,
]);
