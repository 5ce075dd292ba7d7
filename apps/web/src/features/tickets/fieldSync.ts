/**
 * What the field sync keeps of tickets (lib/offline/fieldSync.ts): the user's jobs (the New ticket
 * menu's list), and on each job the tickets section of the job and of each task, with the open ones
 * (not approved) as their pages read them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { keepQuery, type FieldJob, type FieldJobRef } from '../../lib/offline/fieldSync';
import { ticketQuery } from './api/getTicket';
import { jobTicketsQuery } from './api/jobTickets';
import { ticketLookupQuery } from './api/lookupTicket';
import { myJobsQuery } from './api/myJobs';
import type { TicketRow } from './api/types';

export const fieldJobs = async (qc: QueryClient): Promise<FieldJobRef[]> => (await keepQuery(qc, myJobsQuery(''))).results;

const open = (t: TicketRow) => !t.approved && !t.archived;

async function keepTickets(qc: QueryClient, jobId: string, taskRef?: string) {
  const tickets = await keepQuery(qc, jobTicketsQuery(jobId, taskRef));
  await Promise.all(tickets.filter(open).flatMap((t) => [keepQuery(qc, ticketLookupQuery(t.account_ticket_number || t.id)), keepQuery(qc, ticketQuery(t.id))]));
}

export const keepJobTickets = (qc: QueryClient, job: FieldJob) => Promise.all([keepTickets(qc, job.id), ...job.tasks.map((t) => keepTickets(qc, job.id, t.ref))]);
