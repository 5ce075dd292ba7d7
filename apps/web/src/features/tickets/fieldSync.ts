/**
 * What the field sync keeps of tickets (lib/offline/fieldSync.ts): the user's jobs (from the New
 * ticket menu's list), and on each job its CIBE items (the production picker) and the tickets section of
 * the job and of each task, with the open ones (not approved) as their pages read them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { keepQuery, onJobAndTasks, type FieldJob, type FieldJobRef } from '../../lib/offline/fieldSync';
import { ticketQuery } from './api/getTicket';
import { jobCibeItemsQuery } from './api/ticketLines';
import { jobTicketsQuery } from './api/jobTickets';
import { ticketLookupQuery } from './api/lookupTicket';
import { myJobsQuery } from './api/myJobs';
import type { TicketJob, TicketRow } from './api/types';

/** The jobs `userId` is assigned to; not the ones open to every crew, which would be every crew's to keep. */
export const assignedTo = (jobs: TicketJob[], userId: string) => jobs.filter((j) => (j.assigned_user_ids ?? []).map(String).includes(userId));

/** The user's jobs, from the New ticket menu's list (kept whole, so the menu opens offline too). */
export const fieldJobs = async (qc: QueryClient, userId: string): Promise<FieldJobRef[]> => assignedTo((await keepQuery(qc, myJobsQuery(''))).results, userId);

const open = (t: TicketRow) => !t.approved && !t.archived;

async function keepTickets(qc: QueryClient, jobId: string, taskRef?: string) {
  const tickets = await keepQuery(qc, jobTicketsQuery(jobId, taskRef));
  await Promise.all(tickets.filter(open).flatMap((t) => [keepQuery(qc, ticketLookupQuery(t.account_ticket_number || t.id)), keepQuery(qc, ticketQuery(t.id))]));
}

export const keepJobTickets = (qc: QueryClient, job: FieldJob) =>
  Promise.all([keepQuery(qc, jobCibeItemsQuery(job.id)), onJobAndTasks(job, (jobId, taskRef) => keepTickets(qc, jobId, taskRef))]);
