/**
 * Demo field tickets for `npm start` (apps/api/src/seed.ts runs this after the jobs and locates): twenty
 * tickets on the demo's base jobs (typed production on a segment), on ORCA tasks (production picked from
 * the task's CIBE lines) and one on no job, in every status, created over the last five weeks so the
 * list's 14-day default shows some and not others. Each has equipment, timecards and a note; across them
 * items, materials, expenses (customer billable and we buy), payroll, customer data, a damage report with
 * a photo, photos, a timecard scan, a PDF from the tablet, an inserted and a zeroed production line, and customer and worker
 * signatures: current ones, and one "signed an earlier version" (signed, then a line changed). Approved,
 * Invoiced, Paid and Resolved tickets count their production on their jobs (the CIBE quantities and the
 * segment actuals); one approved then sent back (Edit Requested) counts nothing. Written through the
 * same functions and commands as the routes.
 */
import { addDays, linesOf, type JobState, type Line, type TicketFields, type TicketState } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { newLineIds, newRecordId } from '../../platform/ids.ts';
import { nextNumberOf } from '../../platform/counters.ts';
import { PNG, pdf, type SeededJob } from '../jobs/seed.ts';
import { addProductions, withTicketAssignment } from './tickets.ts';
import { drawnSignature } from './drawn-signature.ts';

type Status = 'New' | 'Issue' | 'Approved' | 'Invoiced' | 'Paid' | 'Resolved' | 'Edit Requested';
type Extra = 'items' | 'materials' | 'expenses' | 'payroll' | 'customer' | 'damage' | 'photo' | 'scan' | 'tablet';

interface DemoTicket {
  /** A base job and its segment number, an ORCA task ([job, task]) or none. */
  on?: { job: number; segment: string } | { orca: number; task: number };
  /** Days from today the ticket was written (its created and work date), and to its completion date. */
  created: number;
  completion: number;
  status: Status;
  /** Typed production (base jobs), or on an ORCA task the indexes of its CIBE lines with what was built. */
  production: ({ work_type: string; feet?: number; qty?: number } | { cibe: number; qty: number })[];
  extras?: Extra[];
  /** Who signed: both, the customer only, or the customer before a line changed (signed an earlier version). */
  signed?: 'both' | 'customer' | 'worker' | 'stale';
  /** A line inserted at number 1 and the last line zeroed, as the screens do. */
  insertAndZero?: boolean;
  archived?: boolean;
  note: [string, string];
  values?: Partial<TicketFields>;
}

const demoTickets: DemoTicket[] = [
  // Base jobs: typed production on a segment.
  { on: { job: 0, segment: '1' }, created: -1, completion: 2, status: 'New', production: [{ work_type: 'Dirt-Bore', feet: 180 }, { work_type: 'Handhole', qty: 1 }], extras: ['photo', 'scan'], note: ['Bore started at HH-1; crew back tomorrow.', 'Update'] },
  { on: { job: 1, segment: '1' }, created: -3, completion: 5, status: 'Issue', production: [{ work_type: 'Dirt-Trench', feet: 95 }], extras: ['damage'], note: ['Hit an unmarked irrigation line; damage report filed.', 'Issue'], values: { work_status: 'Delayed' } },
  { on: { job: 2, segment: '1' }, created: -6, completion: 9, status: 'Approved', production: [{ work_type: 'Aerial Strand & Lash', feet: 640 }, { work_type: 'Splice', qty: 2 }], extras: ['expenses', 'payroll', 'customer', 'tablet'], signed: 'both', note: ['Walked with the inspector; signed on site.', 'Action Taken'] },
  { on: { job: 3, segment: '1' }, created: -10, completion: 4, status: 'Invoiced', production: [{ work_type: 'Existing Duct', feet: 410 }], extras: ['materials', 'items'], signed: 'customer', note: ['Billed with the month-end invoice.', 'Update'], values: { invoice_status: 'Inv wo C/O' } },
  { on: { job: 4, segment: '2' }, created: -30, completion: -16, status: 'Paid', production: [{ work_type: 'Dirt-Plow', feet: 1200 }], extras: ['expenses', 'payroll'], signed: 'both', note: ['Paid in full.', 'Update'], values: { invoice_status: 'PAID', payout_status: 'Paid (No C/O)' } },
  { on: { job: 5, segment: '1' }, created: -26, completion: -10, status: 'Resolved', production: [{ work_type: 'Handhole', qty: 3 }], extras: ['customer'], archived: true, note: ['Punch list closed out.', 'Action Taken'], values: { work_status: 'Complete', percent_complete: '100' } },
  { on: { job: 6, segment: '1' }, created: -4, completion: 12, status: 'Edit Requested', production: [{ work_type: 'Rock-Trench/Saw', feet: 120 }, { work_type: 'Dirt-Trench', feet: 60 }], extras: ['materials'], note: ['Footage disputed by the coordinator: recount the saw cut.', 'Open Question'] },
  { on: { job: 7, segment: '1' }, created: -2, completion: 6, status: 'New', production: [{ work_type: 'Dirt-Bore', feet: 220 }, { work_type: 'Coupler Install', qty: 4 }], extras: ['expenses'], signed: 'stale', note: ['Customer signed before the as-built footage came in.', 'Update'] },
  { on: { job: 9, segment: '1' }, created: -8, completion: 3, status: 'Approved', production: [{ work_type: 'Splice', qty: 12 }, { work_type: 'Pipe Stubbed', qty: 2 }], extras: ['payroll', 'photo'], signed: 'worker', note: ['Splice case closed and tested.', 'Update'] },
  { on: { job: 0, segment: '2' }, created: -12, completion: 15, status: 'New', production: [{ work_type: 'Dirt-Bore', feet: 150 }, { work_type: 'Dirt-Bore', feet: 90 }], extras: ['materials', 'items'], insertAndZero: true, note: ['Second shot redrilled; first attempt zeroed.', 'Issue'] },
  { on: { job: 10, segment: '1' }, created: -7, completion: 20, status: 'New', production: [{ work_type: 'Other', qty: 1 }], extras: ['customer'], note: ['Traffic control only today.', 'Update'] },
  { on: { job: 11, segment: '1' }, created: -13, completion: 1, status: 'Approved', production: [{ work_type: 'Duct Install', feet: 300 }], extras: ['expenses', 'scan'], signed: 'both', note: ['Approved by the PM.', 'Action Taken'] },
  // ORCA tasks: production picked from the task's CIBE lines.
  { on: { orca: 0, task: 0 }, created: -2, completion: 5, status: 'Approved', production: [{ cibe: 0, qty: 120 }, { cibe: 1, qty: 1 }], extras: ['payroll', 'photo'], signed: 'both', note: ['First bore shot complete.', 'Update'] },
  { on: { orca: 0, task: 1 }, created: -5, completion: 9, status: 'New', production: [{ cibe: 0, qty: 80 }, { cibe: 2, qty: 6 }], extras: ['expenses'], note: ['Waiting on the riser material.', 'Open Question'] },
  { on: { orca: 1, task: 0 }, created: -9, completion: 10, status: 'Invoiced', production: [{ cibe: 0, qty: 200 }], extras: ['materials'], signed: 'customer', note: ['Invoiced with the task.', 'Update'], values: { invoice_status: 'To Invoice' } },
  { on: { orca: 1, task: 1 }, created: -24, completion: -18, status: 'Paid', production: [{ cibe: 1, qty: 1 }, { cibe: 2, qty: 4 }], extras: ['payroll'], signed: 'both', note: ['Paid on the CAC level.', 'Update'], values: { invoice_status: 'PAID', payout_status: 'Paid (incl C/O)' } },
  { on: { orca: 2, task: 0 }, created: -1, completion: 3, status: 'Issue', production: [{ cibe: 0, qty: 60 }], extras: ['damage', 'photo'], signed: 'worker', note: ['Saw cut cracked the curb: restoration needed.', 'Issue'] },
  { on: { orca: 2, task: 1 }, created: -33, completion: -15, status: 'Resolved', production: [{ cibe: 0, qty: 90 }], archived: true, note: ['Closed out with the task.', 'Action Taken'], values: { work_status: 'Complete' } },
  { on: { orca: 0, task: 0 }, created: -15, completion: 7, status: 'New', production: [{ cibe: 2, qty: 3 }], extras: ['items'], note: ['Extra splice requested by the coordinator.', 'Open Question'] },
  // Not on any job yet.
  { created: -3, completion: 8, status: 'New', production: [{ work_type: 'Dirt-Trench', feet: 40 }], extras: ['expenses'], note: ['Emergency repair; assign to a job.', 'Issue'] },
];

const formOf = (demo: DemoTicket, baseJob: (n: number) => boolean) => (!demo.on ? 'base_ticket' : 'orca' in demo.on ? 'attorca_ticket' : baseJob(demo.on.job) ? 'base_ticket' : 'attfiber_ticket');
const PEOPLE = ['Luis Ortega', 'Mia Chen', 'Dev Patel', 'Ray Boone'];

/** `jobs`: the demo's base and ORCA jobs; `crews`: the crews of Settings. */
export async function seedTickets(ctx: ApiContext, actor: Actor, today: string, jobs: { base: SeededJob[]; orca: SeededJob[] }, crews: string[]) {
  const jobOf = async (id: string) => (await loadRecord<JobState>(ctx, actor, 'job', id)).state;
  for (const [n, demo] of demoTickets.entries()) {
    const day = (plus: number) => addDays(today, Math.min(0, demo.created + plus));
    const header: Record<string, unknown> = {
      title: '',
      work_date: day(0),
      completion_date: addDays(today, demo.completion),
      crew_name: crews[n % crews.length],
      colour: ['None', 'Green', 'Blue', 'Yellow', 'Orange', 'Red'][n % 6],
      photo_status: demo.extras?.includes('photo') ? 'Have All' : 'Need',
      email_status: 'None',
      description: demo.note[0],
      ...demo.values,
    };
    let cibe: Line[] = [];
    if (demo.on && 'job' in demo.on) {
      const job = jobs.base[demo.on.job];
      const segment = linesOf((await jobOf(job.id)).lines, 'job_segments').find((s) => String(s.segment_number) === (demo.on as { segment: string }).segment);
      Object.assign(header, { job: job.id, job_seg_ref_id: segment?.id, title: `${job.title}: segment ${(demo.on as { segment: string }).segment}` });
    } else if (demo.on) {
      const job = jobs.orca[demo.on.orca];
      const task = job.tasks[demo.on.task];
      cibe = linesOf((await jobOf(job.id)).lines, 'job_cibe_items').filter((l) => l.job_task === task && l.line_zeroed !== true);
      Object.assign(header, { job: job.id, job_task_ref: task, title: `${job.title}: task ${demo.on.task + 1}` });
    } else header.title = 'Water main emergency repair';
    const form_type = formOf(demo, (j) => j % 4 !== 3);
    const values = await withTicketAssignment(ctx, actor, { ...(header as Partial<TicketFields>), form_type });
    const id = await newRecordId(ctx, actor.accountId, 'ticket');
    const ticketNumber = await nextNumberOf(ctx, actor, 'ticket');
    // The ticket as written on its day: created_date is that day, not the seed's.
    await executeCommand<TicketState>(ctx, actor, 'ticket', id, { type: 'CreateTicket', ticketId: id, values, ticketNumber, today: day(0) }, { create: true });

    const add = async (collection: string, lineValues: Record<string, unknown>) => {
      const [lineId] = await newLineIds(ctx, actor.accountId, collection, 'ticket', id);
      await executeCommand(ctx, actor, 'ticket', id, { type: 'AddLine', collection, lineId, values: lineValues });
      return lineId;
    };
    const upload = async (collection: string, bytes: Buffer, lineValues: Record<string, unknown>) => add(collection, { ...lineValues, ...(await ctx.blobs.put(bytes)) });

    // Production: from the task's CIBE lines (their code, description and quantities fill the line) or typed.
    const production = demo.production.map((p, i) =>
      'cibe' in p
        ? { line_number: i + 1, job_orca_cibe: cibe[p.cibe % cibe.length].id, qty: p.qty, work_type: 'Dirt-Bore', notes: null }
        : { line_number: i + 1, work_type: p.work_type, feet: p.feet ?? null, qty: p.qty ?? null, from_location: p.feet ? `HH-${i + 1}` : null, to_location: p.feet ? `HH-${i + 2}` : null },
    );
    const made = await addProductions(ctx, actor, id, { ticket_productions: production });
    if (demo.insertAndZero) {
      await add('ticket_productions', { line_number: 1, work_type: 'Dirt-Bore', feet: 35, from_location: 'HH-0', to_location: 'HH-1', notes: 'Pilot shot added after the fact.' });
      await executeCommand(ctx, actor, 'ticket', id, { type: 'ReviseLine', collection: 'ticket_productions', lineId: made.lineIds[0], values: { line_zeroed: true, notes: 'Redrilled: this shot does not count.' } });
    }
    if (demo.extras?.includes('photo')) await upload('ticket_production_photos', PNG, { production: made.lineIds[0], file_name: 'shot-1.png', content_type: 'image/png', caption: 'Exit pit' });

    await add('ticket_equipment', { equipment_name: n % 2 ? 'Mini excavator' : 'Directional drill', equipment_number: `EQ-${110 + (n % 7)}`, operator: PEOPLE[n % 4], hours: 4 + (n % 5) });
    const card = await add('ticket_timecards', { employee_name: PEOPLE[n % 4], work_date: day(0), start_time: '07:00', end_time: '15:30', hours: 8.5, billable_hours: 8 });
    await add('ticket_timecards', { employee_name: PEOPLE[(n + 1) % 4], work_date: day(0), start_time: '07:00', end_time: '13:00', hours: 6, billable_hours: 6 });
    if (demo.extras?.includes('scan')) await upload('ticket_timecard_files', pdf(`Timecard ${PEOPLE[n % 4]}`), { timecard: card, file_name: 'timecard.pdf', content_type: 'application/pdf' });
    if (demo.extras?.includes('items')) await add('ticket_items', { item_code: 'SVA-201', description: 'Place handhole 17x30', qty: 1, uom: 'ea' });
    if (demo.extras?.includes('materials')) {
      const m = await add('ticket_materials', { item_code: 'HD125', description: 'HDPE duct 1.25"', uom: 'ft', qty: 250, price: 1.1 });
      await upload('ticket_material_files', pdf('Graybar delivery ticket'), { material: m, file_name: 'delivery.pdf', content_type: 'application/pdf' });
    }
    if (demo.extras?.includes('expenses')) {
      const e = await add('ticket_expenses', { description: 'Fuel', expense_date: day(0), qty: 32, price: 3.89, customer_billable: false, we_buy: true });
      await add('ticket_expenses', { description: 'Dump fees', expense_date: day(0), qty: 2, price: 85, customer_billable: true, we_buy: false });
      await upload('ticket_expense_files', PNG, { expense: e, file_name: 'fuel-receipt.png', content_type: 'image/png' });
    }
    if (demo.extras?.includes('payroll'))
      for (const [k, rate] of [28.5, 24].entries()) await add('ticket_payroll', { employee_name: PEOPLE[(n + k) % 4], crew_name: crews[n % crews.length], hours: 8, rate });
    if (demo.extras?.includes('customer')) await add('ticket_customer_data', { customer: 'AT&T', job_number: `CJ-${7100 + n}`, job: String(header.title), seg: '1' });
    if (demo.extras?.includes('damage')) {
      const d = await add('ticket_damage_reports', { damage_report_number: `DR-${300 + n}`, damage_report_status: 'In-process', damage_date: day(0), location: 'Station 2+40', description: 'Irrigation line cut during excavation; owner notified.', reported_by: PEOPLE[n % 4] });
      await upload('ticket_damage_report_photos', PNG, { damage_report: d, file_name: 'damage.png', content_type: 'image/png', caption: 'Cut line' });
    }
    if (demo.extras?.includes('photo')) await upload('ticket_photos', PNG, { file_name: 'site.png', content_type: 'image/png', caption: 'Site at end of day' });
    await add('ticket_notes', { note: demo.note[0], note_status: demo.note[1] });
    if (demo.extras?.includes('tablet')) await upload('ticket_tablet_pdfs', pdf(`Ticket ${ticketNumber} signed on the tablet`), { file_name: `ticket-${ticketNumber}-tablet.pdf`, content_type: 'application/pdf' });

    // Signatures take the ticket's content as it stands; the stale one sees a line change after it.
    if (demo.signed && demo.signed !== 'worker') await add('ticket_customer_signatures', { signer_name: 'Alex Rivera', signer_title: 'Construction manager', signature_image: drawnSignature(n) });
    if (demo.signed === 'both' || demo.signed === 'worker') await add('ticket_worker_signatures', { signer_name: PEOPLE[n % 4], signer_title: 'Foreman', signature_image: drawnSignature(n + 7) });
    if (demo.signed === 'stale') await executeCommand(ctx, actor, 'ticket', id, { type: 'ReviseLine', collection: 'ticket_productions', lineId: made.lineIds[0], values: { feet: 260 } });

    // Approval, then the status the ticket has reached; Edit Requested is an approval sent back.
    if (demo.status !== 'New' && demo.status !== 'Issue') await executeCommand(ctx, actor, 'ticket', id, { type: 'ApproveTicket', today: day(1) });
    if (demo.status === 'Edit Requested') await executeCommand(ctx, actor, 'ticket', id, { type: 'RequestTicketEdit' });
    else if (demo.status !== 'New' && demo.status !== 'Approved') await executeCommand(ctx, actor, 'ticket', id, { type: 'ReviseTicket', values: { ticket_status: demo.status }, today: day(2) });
    if (demo.archived) await executeCommand(ctx, actor, 'ticket', id, { type: 'ReviseTicket', values: { archived: true }, today: day(2) });
  }
}
