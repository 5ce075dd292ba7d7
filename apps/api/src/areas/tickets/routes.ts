/**
 * Field ticket calls of spec 3 section 7 and spec 2 (tickets on job screens); docs/tickets.md. The
 * record, its creation under the ticket counter's number (ticketRecord), history, as-of, delete and
 * every collection's routes (items, equipment, materials, expenses, timecards, payroll, customer data,
 * notes, damage reports, photos, signatures, their files and photos) come from recordRoutes; declared
 * here, replacing those of the same method and path: the lists and saved dates, the jobs a user may
 * write tickets for, edits and the assignment to a job, the whole-ticket save with its lines, approval, and production
 * lines from the job's CIBE items. The stamped PDF is declared in the domain's report catalogue.
 */
import { ticketFields, TICKET_MESSAGES } from '@trenchline/domain';
import { z } from 'zod';
import { defineRoutes, reply, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { detailOfWritten, detailReply, numberLookupRoute, recordRoutes } from '../../platform/record-routes.ts';
import { linkedRecordsRoute, listAnswer, listQuery, listRoute, type ListQuery } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';
import { executeCommand, lineReply, writeReply, type Executed } from '../../platform/records.ts';
import { today, type ApiContext } from '../../platform/context.ts';
import { addProductions, APPROVAL_ACTIONS, approveTickets, saveTicket, saveTicketWithRelated, ticketRecord } from './tickets.ts';

const range = listRange({ preference: 'tickets.search_dates' });

const generic = recordRoutes(ticketRecord);

const idParam = /^\d{1,18}$/;

/** A write's answer: the ticket with its lines, as GET answers it. */
const answer = (ctx: ApiContext, r: Executed, status = 200, extra: Record<string, unknown> = {}) => detailReply(ctx, 'ticket', r, status, extra);

const approvalQuery = z.object({
  do: z.enum(Object.keys(APPROVAL_ACTIONS) as [string, ...string[]], { message: 'must be approve or unapprove' }).optional(),
  ids: z
    .string({ message: 'is required' })
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .refine((a) => a.length > 0, 'Please select rows first.')
    .refine((a) => a.length <= 1000, 'at most 1000 tickets at once')
    .refine((a) => a.every((x) => idParam.test(x)), 'must be ticket ids separated by commas'),
});

const edit = (path: string, summary: string): RouteDef => ({
  method: 'put',
  path,
  ids: { id: 'ticket' },
  summary,
  body: ticketFields.partial(),
  references: ticketFields,
  handle: async ({ actor, params, body, baseVersion }, ctx) => answer(ctx, await saveTicket(ctx, actor, params.id, body as Record<string, unknown>, baseVersion)),
});

const own: RouteDef[] = [
  listRoute({ path: '/tickets', list: 'tickets', summary: 'Ticket list (?active=t|f&archived=t|f; ?start_date&end_date|stop_date&live_and_future, else the saved search dates, else the last 14 days; ?ticket_status; ?q=), newest first; statuses sort in their order' }),
  ...range.searchDatesRoutes('/tickets/search_dates', 'ticket-list'),
  {
    method: 'get',
    path: '/tickets/my_jobs',
    summary: 'The jobs the caller may write tickets for: open jobs (active, not Complete, Canceled or Returned) the caller is assigned to or that have no assigned user (?q=, paged like every list)',
    query: listQuery('ticket_jobs'),
    readsLists: ['jobs'],
    handle: ({ actor, query, raw }, ctx) => listAnswer(ctx, actor, 'ticket_jobs', { ...(query as ListQuery), user: actor.userId } as ListQuery, raw),
  },
  numberLookupRoute({ path: '/tickets/lookup/:key', aggregate: 'ticket', list: 'tickets', field: 'account_ticket_number', summary: 'The ticket whose account_ticket_number is key (the detail route /ticket/{account_ticket_number}), else the ticket whose id is key: {id, account_ticket_number}' }),
  listRoute({ path: '/tickets/unassigned', list: 'unassigned_tickets', summary: "Tickets no job holds yet (the job screens' assign picker); active ones unless ?archived=t" }),
  linkedRecordsRoute({ path: '/tickets/job_tickets/:job', param: 'job', kind: 'job', aggregate: 'ticket', field: 'job_ref', summary: "A job's tickets (the base job page's Tickets section), oldest first" }),
  linkedRecordsRoute({ path: '/tickets/task_tickets/:task', param: 'task', kind: 'job_tasks', aggregate: 'ticket', field: 'job_task_ref', summary: "An ORCA task's tickets (the id of its job_tasks line; the task page's Tickets section)" }),
  {
    method: 'get',
    path: '/tickets/ticket_approvals',
    summary: "Approve tickets ?ids=1,2,3 (&do=approve, the default; do=unapprove asks for an edit: Edit Requested, and their production leaves their jobs): {approved|unapproved: [ids], failed: [{id, message}], message: 'Approved successfully!'}",
    writes: true,
    query: approvalQuery,
    handle: async ({ actor, query }, ctx) => {
      const q = query as z.infer<typeof approvalQuery>;
      const action = APPROVAL_ACTIONS[(q.do ?? 'approve') as keyof typeof APPROVAL_ACTIONS];
      const r = await approveTickets(ctx, actor, q.ids, action);
      const approving = action === 'ApproveTicket';
      const body = { [approving ? 'approved' : 'unapproved']: r.done, failed: r.failed, message: approving ? TICKET_MESSAGES.approved : 'Edit requested.', position: r.position };
      // The position of the last write, so a list read after it waits for it (X-Min-Position), as after any write.
      return reply({ headers: r.position ? { 'X-Position': r.position } : {}, body });
    },
  },
  edit('/tickets/:id', "Edit a ticket's own fields (the whole ticket may come back; computed fields, totals, the number and the approval fields are ignored), merged by field from the version last seen; a status of Approved approves it, Edit Requested un-approves it"),
  edit('/ticket/:id', 'Assign a ticket to a job {job, account_job_number} (spec 2), or edit it as PUT /tickets/{id}/'),
  {
    method: 'put',
    path: '/tickets/ticket_with_related_update/:id',
    ids: { id: 'ticket' },
    summary: "Save the whole ticket with its lines (ticket_productions, items, equipment, materials, expenses, timecards, payroll, customer_data, notes, damagereports) in one write: each part merged by field from the version the client saw (the ticket's, or a line's own); a line without an id is added (once, however often the same object is sent); a line left out is kept. 409 names the fields of a real conflict; 400 names <key>.<n>.<field>",
    references: ticketFields,
    handle: async ({ actor, params, body, baseVersion }, ctx) => answer(ctx, await saveTicketWithRelated(ctx, actor, params.id, body, baseVersion), 200, { message: TICKET_MESSAGES.saved }),
  },
  {
    method: 'post',
    path: '/tickets/:id/approve',
    summary: "Approve the ticket: Approved, approved, dated today; its production counts on its job. Answers the ticket with 'Approved successfully!'",
    handle: async ({ actor, params }, ctx) =>
      answer(ctx, await executeCommand(ctx, actor, 'ticket', params.id, { type: 'ApproveTicket', today: today(ctx) }), 200, { message: TICKET_MESSAGES.approved }),
  },
  {
    method: 'post',
    path: '/tickets/:id/request_edit',
    summary: 'Un-approve the ticket: Edit Requested, not approved; its production leaves its job. Answers the ticket',
    handle: async ({ actor, params }, ctx) => answer(ctx, await executeCommand(ctx, actor, 'ticket', params.id, { type: 'RequestTicketEdit' })),
  },
  {
    method: 'post',
    path: '/tickets/:id/productions',
    summary: "Add production lines: one line, or {ticket_productions: [...]}; picked from the job's CIBE items (job_orca_cibe: its code, description, quantities, print, step and task fill the fields not sent) or typed; a line_number another line holds inserts the line there (line_inserted) and moves the later ones down; line_zeroed: qty and feet 0. Answers the line, or the list of lines",
    handle: async ({ actor, params, body }, ctx) => {
      const r = await addProductions(ctx, actor, params.id, body);
      if (!r.many) return lineReply(r.state, 'ticket_productions', r.lineIds[0], r, 201);
      const shown = detailOfWritten(ctx, 'ticket', r) as unknown as { ticket_productions: { id: string }[] };
      return writeReply({ ticket_productions: shown.ticket_productions.filter((l) => r.lineIds.includes(l.id)) } as never, r.version, r.position, 201);
    },
  },
];

export const ticketRoutes = defineRoutes('tickets', withOverrides(own, generic));
