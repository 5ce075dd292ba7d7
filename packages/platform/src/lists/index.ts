/** The list engine and every list's declaration (docs/architecture.md "Lists"). */
export * from './define.ts';
export * from './engine.ts';
export { jobs as jobsList, allOtherJobs as allOtherJobsList, ticketJobs as ticketJobsList, CLOSED_WORK_STATUSES, ORCA_FORM_TYPE } from './jobs.ts';
export { orcaJobs as orcaJobsList, ORCA_DASHBOARD_PREFERENCE, orcaJobsNumbered } from './orca-jobs.ts';
export { orcaBillings as orcaBillingsList, orcaInvoiceRows } from './orca-billings.ts';
export { bids as bidsList } from './bids.ts';
export { projects as projectsList } from './projects.ts';
export { locates as locatesList, expiringLocates as expiringLocatesList, unassignedLocates as unassignedLocatesList, LOCATE_SEARCH_DATES, locatesOfJobs, withLocateWarnings } from './locates.ts';
export { helpTickets as helpTicketsList, HELP_SEARCH_DATES } from './help.ts';
export { orders as ordersList, ORDER_SEARCH_DATES } from './orders.ts';
export { tickets as ticketsList, unassignedTickets as unassignedTicketsList, TICKET_SEARCH_DATES } from './tickets.ts';
export { rfqs as rfqsList, RFQ_SEARCH_DATES } from './rfqs.ts';
export { salesOrganizations as salesOrganizationsList, SALES_SEARCH_DATES } from './sales.ts';
