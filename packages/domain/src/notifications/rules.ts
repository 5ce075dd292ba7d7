/**
 * Which notification conditions hold, from read-model rows (docs/notifications.md). Pure: the worker
 * reads the rows and the account's rules and passes today and now. Each condition has a stable key
 * carrying what makes it a new occurrence (a locate's expiry date), so it notifies once per occurrence.
 */
import { daysBetween } from '../shared/dates.ts';
import { addTicketDays, isWatched, workPlanned, type LocateRules } from '../locates/rules.ts';
import { isApprovedStatus } from '../tickets/rules.ts';
import { awaiting } from '../help/rules.ts';
import type { NotificationFacts, NotificationKind, NotifiedRecord } from './kinds.ts';

/** A condition that holds now, and whom it concerns (user ids; a job's users are resolved by `jobUsers`). */
export interface Condition {
  kind: NotificationKind;
  key: string;
  record: NotifiedRecord;
  facts: NotificationFacts;
  /** The job whose users it concerns, or the users themselves. */
  to: { job: string } | { users: string[] } | { office: true };
}

/** Report and bulk endings older than this are not told: a first scan must not flood. */
export const FINISHED_WITHIN_MS = 24 * 3600 * 1000;

export interface JobRow {
  id: string;
  account_job_number: string | null;
  crew_string: string | null;
  segment_plan_feet: unknown;
  segment_total_feet: unknown;
  work_status: string | null;
  archived: boolean;
  permit_expiration_date: string | null;
}

/** A job has planned work as the expiry watch says (docs/locates.md "Work planned"). */
export const jobHasPlannedWork = (j: JobRow) =>
  workPlanned({ crews: j.crew_string, planned_feet: j.segment_plan_feet, produced_feet: j.segment_total_feet, work_status: j.work_status, archived: j.archived });

export interface LocateRow {
  id: string;
  current_ticket_number: string | null;
  current_date_expiration: string | null;
  locate_status: string | null;
  archived: boolean;
  job_ref: string | null;
}

/** A watched locate on a job with planned work, expiring within N working days (the account's basis) or expired. */
export function locateConditions(locates: readonly LocateRow[], jobs: ReadonlyMap<string, JobRow>, locateRules: LocateRules, n: number, today: string): Condition[] {
  const dueBy = addTicketDays(today, n, locateRules);
  return locates.flatMap((l) => {
    const job = l.job_ref ? jobs.get(l.job_ref) : undefined;
    const exp = l.current_date_expiration;
    if (!job || !jobHasPlannedWork(job) || !isWatched(l) || !exp || exp > dueBy) return [];
    return [{
      kind: 'locate_expiring' as const,
      key: `locate_expiring:${l.id}:${exp}`,
      record: { aggregate: 'locate', id: l.id, number: l.current_ticket_number },
      facts: { kind: 'locate_expiring' as const, expiration: exp, jobNumber: job.account_job_number, daysLeft: daysBetween(today, exp) },
      to: { job: job.id },
    }];
  });
}

export interface TaskPermitRow {
  job_id: string;
  line_id: string;
  task_id: string | null;
  task_permit_expiration_date: string | null;
}

/** A job's permit, or an ORCA task's, expiring within N days (or expired) on a job not archived. */
export function permitConditions(jobs: readonly JobRow[], tasks: readonly TaskPermitRow[], n: number, today: string): Condition[] {
  const within = (d: string | null): d is string => !!d && daysBetween(today, d) <= n;
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const ofJobs = jobs.filter((j) => !j.archived && within(j.permit_expiration_date)).map((j) => ({
    kind: 'permit_expiring' as const,
    key: `permit_expiring:job:${j.id}:${j.permit_expiration_date}`,
    record: { aggregate: 'job', id: j.id, number: j.account_job_number },
    facts: { kind: 'permit_expiring' as const, expiration: j.permit_expiration_date!, jobNumber: j.account_job_number, task: null, daysLeft: daysBetween(today, j.permit_expiration_date!) },
    to: { job: j.id },
  }));
  const ofTasks = tasks.flatMap((t) => {
    const job = byId.get(t.job_id);
    const d = t.task_permit_expiration_date;
    if (!job || job.archived || !within(d)) return [];
    return [{
      kind: 'permit_expiring' as const,
      key: `permit_expiring:task:${t.line_id}:${d}`,
      record: { aggregate: 'job', id: job.id, number: job.account_job_number },
      facts: { kind: 'permit_expiring' as const, expiration: d, jobNumber: job.account_job_number, task: t.task_id, daysLeft: daysBetween(today, d) },
      to: { job: job.id },
    }];
  });
  return [...ofJobs, ...ofTasks];
}

export interface TicketRow {
  id: string;
  account_ticket_number: string | null;
  ticket_status: string | null;
  created_date: string | null;
  archived: boolean;
}

/** A ticket not approved (nor archived) more than N days after it was made: the office's. */
export function ticketConditions(tickets: readonly TicketRow[], n: number, today: string): Condition[] {
  return tickets.flatMap((t) => {
    if (t.archived || isApprovedStatus(t.ticket_status) || !t.created_date) return [];
    const days = daysBetween(t.created_date, today);
    if (days <= n) return [];
    return [{
      kind: 'ticket_awaiting_approval' as const,
      key: `ticket_awaiting_approval:${t.id}`,
      record: { aggregate: 'ticket', id: t.id, number: t.account_ticket_number },
      facts: { kind: 'ticket_awaiting_approval' as const, status: t.ticket_status ?? 'New', since: t.created_date, days },
      to: { office: true as const },
    }];
  });
}

export interface InvoiceRow {
  id: string;
  job_id: string;
  invoice_number: string | null;
  account_job_number: string | null;
  task_id: string | null;
  status: string | null;
  status_since: string | null;
}

/** An ORCA invoice whose status is Disapproved: each turn to Disapproved is its own occurrence. */
export function invoiceConditions(invoices: readonly InvoiceRow[]): Condition[] {
  return invoices.filter((i) => i.status === 'Disapproved').map((i) => ({
    kind: 'invoice_disapproved' as const,
    key: `invoice_disapproved:${i.id}:${i.status_since ?? ''}`,
    record: { aggregate: 'job', id: i.job_id, number: i.invoice_number },
    facts: { kind: 'invoice_disapproved' as const, jobNumber: i.account_job_number, task: i.task_id },
    to: { job: i.job_id },
  }));
}

export interface HelpRow {
  id: string;
  subject: string | null;
  submitted_by: string | null;
  ticket_status: string | null;
  submitter_status: string | null;
  our_status: string | null;
  archived: boolean;
}

/** A help ticket answered: it awaits its submitter (docs/help.md), until they answer back. */
export function helpConditions(tickets: readonly HelpRow[]): Condition[] {
  return tickets.filter((t) => t.submitted_by && awaiting(t) === 'submitter').map((t) => ({
    kind: 'help_answered' as const,
    key: `help_answered:${t.id}`,
    record: { aggregate: 'help_ticket', id: t.id, number: null },
    facts: { kind: 'help_answered' as const, subject: t.subject },
    to: { users: [t.submitted_by!] },
  }));
}

export interface FinishedRow {
  id: string;
  requested_by: string | null;
  label: string;
  failed: boolean;
  /** When it ended (ISO). */
  ended_at: string;
  message: string | null;
}

/** Reports or bulk actions that ended (ready or failed) within the last 24 hours: their requester's. */
export function finishedConditions(kind: 'report_finished' | 'bulk_finished', rows: readonly FinishedRow[], now: Date): Condition[] {
  return rows.filter((r) => r.requested_by && now.getTime() - Date.parse(r.ended_at) <= FINISHED_WITHIN_MS).map((r) => ({
    kind,
    key: `${kind}:${r.id}`,
    record: { aggregate: kind === 'report_finished' ? 'report' : 'bulk_operation', id: r.id, number: null },
    facts: kind === 'report_finished'
      ? { kind, label: r.label, failed: r.failed, error: r.message }
      : { kind, label: r.label, failed: r.failed, message: r.message },
    to: { users: [r.requested_by!] },
  }));
}

export interface AccountUser {
  id: string;
  email: string;
  role: string;
  active: boolean;
}

/**
 * A job's users: its assigned users and its coordinator (a user of the account whose e-mail is the
 * coordinator's), else the account's office and admin users, so a job's warning always reaches someone.
 */
export function jobUsers(job: { assigned_user_ids?: readonly string[]; coordinator_email?: string | null }, users: readonly AccountUser[]): string[] {
  const active = users.filter((u) => u.active);
  const ids = new Set((job.assigned_user_ids ?? []).filter((id) => active.some((u) => u.id === id)));
  const coord = job.coordinator_email?.trim().toLowerCase();
  if (coord) for (const u of active) if (u.email.toLowerCase() === coord) ids.add(u.id);
  return ids.size ? [...ids] : officeUsers(users);
}

/** The account's active office and admin users. */
export const officeUsers = (users: readonly AccountUser[]) => users.filter((u) => u.active && (u.role === 'office' || u.role === 'admin')).map((u) => u.id);

/** The conditions of the scan, each for the users it concerns (one per user). */
export function addressed(conditions: readonly Condition[], usersOfJob: (jobId: string) => readonly string[], office: readonly string[]): { condition: Condition; userId: string }[] {
  return conditions.flatMap((c) => {
    const users = 'job' in c.to ? usersOfJob(c.to.job) : 'users' in c.to ? c.to.users : office;
    return [...new Set(users)].map((userId) => ({ condition: c, userId }));
  });
}
