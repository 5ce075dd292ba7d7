/**
 * Demo locates for `npm start` (apps/api/src/seed.ts runs this after the jobs): fourteen 811 tickets on
 * the demo's base jobs, on ORCA tasks and not yet on any job, in every status, some with customer data,
 * crews of Settings and notes, re-up chains of one to three tickets, and expiries spread around today so
 * the expiring view has expired and due-soon tickets and the list shows red, orange and plain rows.
 * Settings > Locates gets the year's holidays (the ticket life stays the spec's 14 calendar days).
 * Written through the same functions and commands as the routes.
 */
import { addDays, type LocateFields } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand } from '../../platform/records.ts';
import { newLineIds } from '../../platform/ids.ts';
import { singletonId } from '../../platform/singletons.ts';
import { crewNamed } from '../jobs/jobs.ts';
import type { SeededJob } from '../jobs/seed.ts';
import { locateRecord, reUpLocate } from './locates.ts';
import { createRecord } from '../../platform/record-routes.ts';

const DATE_FIELDS = ['current_date_submitted', 'current_work_date', 'current_date_expiration'] as const;
type DateField = (typeof DATE_FIELDS)[number];
/** A locate's values with its dates as days from today. */
type DemoValues = Omit<Partial<LocateFields>, DateField> & Partial<Record<DateField, number>>;

interface DemoLocate {
  /** A base job (index into the demo's base jobs), an ORCA task ([job, task]) or none. */
  on?: { job: number } | { orca: number; task: number };
  values: DemoValues;
  /** Re-ups in order, dates as days from today (submitted; work date and expiry by the rules unless given). */
  reUps?: { ticket_number: string; submitted: number; work?: number; expires?: number; ticket_type?: string; segment?: string; remarks?: string }[];
  /** The detail was opened (New becomes Normal). */
  opened?: boolean;
  customer?: { customer: string; job_number: string; job: string; seg: string };
  crew?: string;
  note?: string;
}

/** Days from today of a submission whose 14-day ticket expires `expires` days from today. */
const submittedFor = (expires: number) => expires - 14;

function demoLocates(): DemoLocate[] {
  const ticket = (n: number) => `2611${String(n).padStart(4, '0')}`;
  return [
    // Base jobs: red (4 days left), expired after one re-up, due tomorrow, orange after two re-ups, far out.
    { on: { job: 0 }, values: { current_ticket_number: ticket(101), current_date_submitted: submittedFor(4) }, opened: true, customer: { customer: 'AT&T', job_number: 'J26500', job: 'Columbus FTTH feeder', seg: '1' }, crew: 'Bore Crew 1', note: 'Marks confirmed at HH-1 and HH-2.' },
    { on: { job: 1 }, values: { current_ticket_number: ticket(102), current_date_submitted: -36 }, opened: true, reUps: [{ ticket_number: ticket(131), submitted: -22 }], customer: { customer: 'Fiberlight', job_number: 'J26517', job: 'Atlanta school ring', seg: '1' }, note: 'Expired: call in the re-up before the crew returns.' },
    { on: { job: 2 }, values: { current_ticket_number: ticket(103), locate_status: 'Marked', current_date_submitted: submittedFor(1) }, opened: true, crew: 'Bore Crew 2' },
    { on: { job: 3 }, values: { current_ticket_number: ticket(104), current_date_submitted: -40 }, opened: true, reUps: [{ ticket_number: ticket(134), submitted: -26, segment: '1' }, { ticket_number: ticket(164), submitted: -7, ticket_type: 'Re-mark', remarks: 'Paint washed out by rain.' }], customer: { customer: 'AT&T', job_number: 'J26551', job: 'Phoenix business park laterals', seg: '1' }, crew: 'Splice Team' },
    { on: { job: 4 }, values: { current_ticket_number: ticket(105), current_date_submitted: 0, current_date_expiration: 28, current_ticket_type: 'Normal' } },
    // Statuses no re-up is needed for.
    { on: { job: 5 }, values: { current_ticket_number: ticket(106), locate_status: 'Completed', current_date_submitted: -30 }, opened: true, note: 'Work done; marks no longer needed.' },
    { on: { job: 6 }, values: { current_ticket_number: ticket(107), locate_status: 'Returned', current_date_submitted: -12 }, opened: true, note: 'Returned by the one-call centre: wrong dig site address.' },
    { on: { job: 7 }, values: { current_ticket_number: ticket(108), locate_status: 'Job On Hold', current_date_submitted: -18 }, opened: true },
    { on: { job: 9 }, values: { current_ticket_number: ticket(109), locate_status: 'Canceled', current_date_submitted: -5 }, opened: true },
    // ORCA tasks: due within the lead time, a re-up well ahead, orange.
    { on: { orca: 0, task: 0 }, values: { form_type: 'attorca_locate', current_ticket_number: ticket(201), current_date_submitted: submittedFor(2) }, opened: true, customer: { customer: 'AT&T', job_number: 'ORCA-31400', job: 'Bore HH-1 to HH-4', seg: '1.1' }, crew: 'Bore Crew 1' },
    { on: { orca: 1, task: 1 }, values: { form_type: 'attorca_locate', current_ticket_number: ticket(202), current_date_submitted: -20 }, opened: true, reUps: [{ ticket_number: ticket(232), submitted: -4 }], customer: { customer: 'AT&T', job_number: 'ORCA-31423', job: 'Riser and slack loops', seg: '1.2' } },
    { on: { orca: 2, task: 0 }, values: { form_type: 'attorca_locate', current_ticket_number: ticket(203), locate_status: 'Marked', current_date_submitted: submittedFor(6) }, opened: true, crew: 'Restoration Crew', note: 'Crew digging this week.' },
    // Not on a job yet: one never opened (still New), one emergency ticket already expired.
    { values: { current_ticket_number: ticket(301), current_date_submitted: -2 } },
    { values: { current_ticket_number: ticket(302), current_ticket_type: 'Emergency', current_date_submitted: submittedFor(-1) }, opened: true, note: 'Emergency ticket for the water main repair; assign to a job.' },
  ];
}

export async function seedLocates(ctx: ApiContext, actor: Actor, today: string, jobs: { base: SeededJob[]; orca: SeededJob[] }) {
  const settingsId = await singletonId(ctx, actor, 'locate_settings');
  const year = Number(today.slice(0, 4));
  // The fourth Thursday of November.
  const thanksgiving = 22 + ((4 - new Date(Date.UTC(year, 10, 1)).getUTCDay() + 7) % 7);
  for (const [date, name] of [[`${year}-11-${thanksgiving}`, 'Thanksgiving'], [`${year}-12-25`, 'Christmas Day']]) {
    const [lineId] = await newLineIds(ctx, actor.accountId, 'locate_holidays', 'locate_settings', settingsId);
    await executeCommand(ctx, actor, 'locate_settings', settingsId, { type: 'AddLine', collection: 'locate_holidays', lineId, values: { date, name } });
  }

  for (const demo of demoLocates()) {
    // Dates are given as days from today.
    const values: Record<string, unknown> = { form_type: 'base_locate', ...demo.values };
    for (const f of DATE_FIELDS) if (demo.values[f] !== undefined) values[f] = addDays(today, demo.values[f]);
    if (demo.on && 'job' in demo.on) values.job_ref = jobs.base[demo.on.job].id;
    if (demo.on && 'orca' in demo.on) values.job_task_ref = jobs.orca[demo.on.orca].tasks[demo.on.task];
    const { id } = await createRecord(ctx, actor, locateRecord, values);
    if (demo.opened) await executeCommand(ctx, actor, 'locate', id, { type: 'OpenLocate' });
    for (const r of demo.reUps ?? [])
      await reUpLocate(ctx, actor, id, {
        ticket_number: r.ticket_number,
        date_submitted: addDays(today, r.submitted),
        ...(r.work !== undefined ? { work_date: addDays(today, r.work) } : {}),
        ...(r.expires !== undefined ? { date_expiration: addDays(today, r.expires) } : {}),
        ...(r.ticket_type ? { ticket_type: r.ticket_type } : {}),
        ...(r.segment ? { segment: r.segment } : {}),
        ...(r.remarks ? { remarks: r.remarks } : {}),
      });
    const addLine = async (name: string, lineValues: Record<string, unknown>) => {
      const [lineId] = await newLineIds(ctx, actor.accountId, name, 'locate', id);
      await executeCommand(ctx, actor, 'locate', id, { type: 'AddLine', collection: name, lineId, values: lineValues });
    };
    if (demo.customer) await addLine('locate_customer_data', demo.customer);
    if (demo.crew) await addLine('locate_crews', await crewNamed(ctx, actor, demo.crew));
    if (demo.note) await addLine('locate_notes', { note: demo.note, note_status: 'Update' });
  }
}
