/**
 * The one contract between a field ticket and its job (docs/tickets.md "Approved production feeds the
 * job"): the command a ticket's write brings to its job. Here, not in jobs/, so the ticket area names
 * it without reaching into the job's code; jobs/ticket-production.ts decides it.
 */

/** The ticket's production as its job should count it now: `count` null takes out whatever it counted. */
export type CountTicketProduction = {
  type: 'CountTicketProduction';
  ticket: string;
  account_ticket_number: string | null;
  /** What the ticket counts now: CIBE line ids with quantities, its segment (line id or number) and feet. */
  count: { cibe: Record<string, number>; segment_ref: string | null; segment_number: string | null; feet: number } | null;
};
