/**
 * Demo ORCA jobs for `npm start` (apps/api/src/seed.ts runs this after the base jobs): three AT&T jobs
 * (form_type attorca) numbered by the job counter, with every ORCA status set, and 2 to 4 tasks each.
 * A task has its coordinator from Settings > SVA coordinators, items, payouts, materials, notes, a crew,
 * a permit and CIBE lines with SVA codes (some as built differ from issued, one zeroed); across the jobs
 * also change orders, invoices, links, a task photo and file, job-own CIBE lines and permits, and a
 * generated CIBE email. Each job's earliest permit expires 3 to 10 days from today, so its permit date
 * shows soon. For the dashboards: a row colour each, one job due in 3 days (a red row) and one in 5 (an
 * orange row), and an invoice on every task and on each job whose statuses run the whole ORCA pipeline
 * (Not Ready ... Paid) with amounts, so the billing dashboard has a row and a total in every status.
 * Written through the same functions, rules and commands as the ORCA routes (orca.ts).
 */
import { addDays, cibeEmail, linesOf, ORCA_INVOICE_STATUSES, svaFill, taskOfLine, type JobState, type Line } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { singletonId } from '../../platform/singletons.ts';
import { addCrew, addJobLine, assignUser, createJob, jobRecord } from './jobs.ts';
import { withCoordinator } from './orca.ts';
import { PNG, pdf, upload, type SeededJob } from './seed.ts';

/** One demo ORCA job: where it is, its statuses (ORCA_LISTS, in the order of `statusFields`), its tasks' work. */
const orcaJobs = [
  {
    city: 'Columbus',
    county: 'Franklin',
    crossroads: 'E Livingston Ave & S 18th St',
    title: 'Livingston Ave FTTP laterals',
    statuses: ['In Production', 'Not Ready', 'Picked up', 'Approved', 'Need More', 'Not Paid', 'In Process', 'Needs Cleanout', 'Submitted', 'Email approval', '50', 'Bore', 'BAU'],
    colour: 'Green Lt',
    tasks: ['Bore HH-1 to HH-4', 'Place handholes', 'Splice and test'],
    // Days from today to each task's permit: the first is the job's, 4 days away.
    permits: [4, 12, 21],
  },
  {
    city: 'Atlanta',
    county: 'Fulton',
    crossroads: 'Ponce de Leon Ave & N Highland Ave',
    title: 'Ponce corridor aerial overlash',
    statuses: ['Scheduled', 'NEED STATUS', 'Requested/Ordered', 'Submitted', 'Need', 'NEED STATUS', 'Initial', 'Needs Pits', 'Needed', 'Needs Approval', '10', 'Aerial Strand & Lash', 'LIGHTGIG'],
    colour: 'Blue Lt',
    tasks: ['Strand and lash poles 1-14', 'Riser and slack loops'],
    permits: [7, 25],
  },
  {
    city: 'Dallas',
    county: 'Dallas',
    crossroads: 'Ross Ave & N Pearl St',
    title: 'Arts District duct and trench',
    statuses: ['URGENT', 'Ready To Invoice', 'Installed', 'Issued to Crew', 'Have All', 'Partial (Progress)', 'Complete', 'Backfilled and Reported', 'Not Needed', 'Verbal approval', '95', 'Trench', 'IR'],
    colour: 'Yellow Lt',
    tasks: ['Saw-cut and trench', 'Existing duct pull', 'Handhole set', 'Restoration'],
    permits: [3, 9, 30, 40],
  },
] as const;
/** The ORCA invoice pipeline without the blank: the demo's invoices take these in turn (12 invoices, 11 statuses). */
const PIPELINE = ORCA_INVOICE_STATUSES.filter((st) => st !== 'NEED STATUS');

const statusFields = ['work_status', 'invoice_status', 'materials_status', 'permit_status', 'photo_status', 'payout_status', 'email_status', 'pit_status', 'mup', 'pre_approval', 'percent_complete', 'work_type', 'division'] as const;

/**
 * A task's CIBE sheet: code, issued qty, and the qty as built (null: not counted yet). The code's
 * description and rate come from Settings > SVA codes, as when a user picks it.
 */
const cibeSheet = (t: number) =>
  [
    ['SVA-101', 400 + t * 120, 440 + t * 120],
    ['SVA-201', 2 + (t % 2), 2 + (t % 2)],
    ['SVA-102', 60, t % 2 ? 45 : 80],
    ['SVA-401', 24, null],
    ['SVA-301', 900, 900],
  ] as const;

/**
 * The SVA codes of Settings, by code, read from the rate sheet's own stream: the route looks them up in
 * the read model, which the projector may not have caught up with while the seed runs.
 */
async function svaCodes(ctx: ApiContext, actor: Actor): Promise<(code: string) => Line | null> {
  const sheet = await loadRecord(ctx, actor, 'sva_rate_sheet', await singletonId(ctx, actor, 'sva_rate_sheet'));
  const byCode = new Map(linesOf(sheet.state.lines ?? {}, 'sva_codes').map((l) => [String(l.code).trim().toLowerCase(), l]));
  return (code) => byCode.get(code.trim().toLowerCase()) ?? null;
}

export async function seedOrcaJobs(ctx: ApiContext, actor: Actor, today: string, settings: { crews: string[]; fieldUserEmail: string }): Promise<SeededJob[]> {
  const crews = settings.crews;
  const made: SeededJob[] = [];
  const svaCode = await svaCodes(ctx, actor);
  /** A CIBE line as POST cibeitems writes it: the SVA code fills description and price (cibe.ts svaFill). */
  const cibeLine = (values: Record<string, unknown>) => ({ ...values, ...svaFill(undefined, values, svaCode(String(values.issued_item_code))) });
  let invoices = 0;
  /** The next demo invoice: the next status of the pipeline, its amount and date varied. */
  const invoice = (n: number, t: number | null) => {
    const k = invoices++;
    return { invoice_number: `INV-${10500 + k}`, invoice_date: addDays(today, -30 + k * 2), invoice_amount: 1850 + ((k * 1370) % 5200) + (t ?? 0) * 0.5, status: PIPELINE[k % PIPELINE.length], notes: n === 2 && t === null ? 'Restoration billed apart.' : null };
  };
  for (const [n, o] of orcaJobs.entries()) {
    const job = await createJob(ctx, actor, {
      form_type: 'attorca',
      customer: 'AT&T',
      ...Object.fromEntries(statusFields.map((f, i) => [f, o.statuses[i]])),
      title: `${o.city} ${o.title}`,
      job_number: `ORCA-${31400 + n * 23}`,
      po_job_number: `PO-${88100 + n * 7}`,
      project_number: `PRJ-${6100 + n}`,
      work_req_num: `WR-${37200 + n * 11}`,
      job_summary: `${o.tasks.length} tasks at ${o.crossroads}.`,
      description: `ORCA work order for ${o.title.toLowerCase()}, restoration included.`,
      coordinator_code: n % 2 ? 'SO02' : 'PL01',
      coordinator: n % 2 ? 'Sam Ortiz' : 'Pat Lee',
      start_date: addDays(today, -20 + n * 5),
      // Under 7 days an orange row, under 4 a red one.
      completion_date: addDays(today, [5, 28, 3][n]),
      colour: o.colour,
      billing_due_date: addDays(today, [40, 58, 33][n]),
      estimated_payout: 24000 + n * 4000,
      estimated_crew_payout: 16000 + n * 2500,
      address: `${o.crossroads}, ${o.city}`,
      city: o.city,
      county: o.county,
      crossroads: o.crossroads,
    }, { number: 'always' });
    const id = job.id;
    const seeded: SeededJob = { id, title: String(job.state.fields.title), tasks: [] };
    made.push(seeded);
    const add = (collection: string, values: Record<string, unknown>) => addJobLine(ctx, actor, id, collection, values);

    for (const [t, title] of o.tasks.entries()) {
      // No task_id: the job numbers its tasks 1.1, 1.2 ... A coordinator code of Settings fills the coordinator (as POST tasks does).
      const task = await add('job_tasks', await withCoordinator(ctx, actor, {
        title,
        description: `${title} at ${o.crossroads}.`,
        project_number: `PRJ-${6100 + n}-${t + 1}`,
        work_req_num: `WR-${37200 + n * 11}-${t + 1}`,
        due_date: addDays(today, 5 + n * 4 + t * 6),
        billing_due_date: addDays(today, 35 + n * 4 + t * 6),
        coordinator_code: (n + t) % 2 ? 'SO02' : 'PL01',
        estimated_crew_payout: 3500 + t * 900,
        // The job's statuses, but each task at its own stage.
        ...Object.fromEntries(statusFields.map((f, i) => [f, o.statuses[i]])),
        work_status: ['In Production', 'Scheduled', 'Issued', 'New'][(n + t) % 4],
      }));
      const job_task = task.lineId;
      seeded.tasks.push(job_task);
      const onTask = (collection: string, values: Record<string, unknown>) => add(collection, { ...values, job_task });

      // The task's money: PO items, crew payouts, and on some tasks a change order and an invoice.
      await onTask('job_items', { item: 'Directional bore', item_code: 'SVA-101', description: 'Bore 1-2 ducts', uom: 'ft', qty: 400 + t * 120, price: 14.25, line_number: 1 });
      await onTask('job_items', { item: 'Handhole', item_code: 'SVA-201', description: 'Place handhole 17x30', uom: 'ea', qty: 2 + (t % 2), price: 425, line_number: 2 });
      await onTask('job_crew_payouts', { crew_name: crews[(n + t) % crews.length], category: 'Crew Payout', crew_payout_amount: 2400 + t * 650, status: t === 0 ? 'Paid (No C/O)' : 'Not Paid' });
      if (t % 2 === 0) await onTask('job_change_orders', { co_number: `CO-${n + 1}.${t + 1}`, item_code: 'SVA-102', description: 'Rock encountered: bore in rock', uom: 'ft', qty: 30 + t * 10, price: 38, status: ['Approved', 'Submitted'][n % 2] });
      await onTask('job_invoices', invoice(n, t));
      await onTask('job_materials', { materials_line_number: 1, item_code: 'HD125', description: 'HDPE duct 1.25"', uom: 'ft', qty: 420 + t * 120, price: 1.1, cost: 0.72, customer_billable: true, we_buy: true, status: ['Need', 'Requested/Ordered', 'Installed'][t % 3] });
      await addCrew(ctx, actor, id, { crew_name: crews[(n + t) % crews.length], job_task });
      await onTask('job_notes', { note: ['Locates cleared for the whole task.', 'Inspector wants the pits backfilled by Friday.', 'Crew short a day: rain.', 'Coordinator asked for updated CIBE.'][(n + t) % 4], note_status: ['Update', 'Issue', 'Open Question', 'Action Taken'][(n + t) % 4] });
      if (t === 1) await onTask('job_links', { title: 'Permit portal', url: `https://permits.example.com/${o.city.toLowerCase()}/${t + 1}`, status: 'Ordered' });

      // The task's permit: saving it moves the task's, and (the earliest) the job's, permit date.
      await onTask('job_permits', { permits_line_number: t + 1, permit_number: `ROW-${52000 + n * 100 + t}`, agency: `City of ${o.city}`, status: ['Approved', 'Submitted', 'Received', 'Issued to Crew'][t % 4], expiration_date: addDays(today, o.permits[t]), notes: t === 0 ? 'Renew before it lapses.' : null });

      // The task's CIBE sheet, then the line the coordinator took off: zeroed as POST cibeitems/{id}/zero/ does.
      const lines: string[] = [];
      for (const [i, [code, issued, built]] of cibeSheet(t).entries()) {
        const values = { issued_item_code: code, issued_item_qty: issued, CIBE_item_qty: built, issued_item_printstep: `P${t + 1}`, issued_item_step: `S${i + 1}`, issued_item_print: `PR-${n + 1}${t + 1}` };
        lines.push((await onTask('job_cibe_items', cibeLine(values))).lineId);
      }
      if (t === 0) await executeCommand(ctx, actor, 'job', id, { type: 'ChangeCibeLines', action: 'zero', ids: [lines[3]] });
      // The first job's first task: the CIBE email the coordinator receives, generated from the lines that differ.
      if (n === 0 && t === 0) await addCibeEmail(ctx, actor, id, job_task, 'In Process');
      if (n === 2 && t === 0) {
        await upload(ctx, actor, id, 'job_task_photos', PNG, { file_name: 'saw-cut.png', file_type: 'photo', content_type: 'image/png', caption: 'Saw-cut before trench', parent: { job_task } });
        await upload(ctx, actor, id, 'job_task_files', pdf(`${o.city} task ${t + 1} traffic plan`), { file_name: 'task-traffic-plan.pdf', file_type: 'other', content_type: 'application/pdf', parent: { job_task } });
      }
    }

    // The job's own lines: on the second job a permit of the job (no task) and two CIBE lines off any task.
    if (n === 1) {
      await add('job_permits', { permits_line_number: 9, permit_number: `ROW-${52190}`, agency: 'Georgia DOT', status: 'Needed', expiration_date: addDays(today, 60) });
      for (const [code, issued, built] of [['SVA-301', 1200, 1350], ['SVA-201', 1, 1]] as const) {
        await add('job_cibe_items', cibeLine({ issued_item_code: code, issued_item_qty: issued, CIBE_item_qty: built }));
      }
    }
    // An invoice of the job itself (no task): the mobilisation.
    await add('job_invoices', invoice(n, null));
    await add('job_notes', { note: 'ORCA job issued; tasks split by crew.', note_status: 'Update' });
    await assignUser(ctx, actor, id, actor.email);
    if (n === 2) await assignUser(ctx, actor, id, settings.fieldUserEmail);
  }
  return made;
}

/** A generated CIBE email of one task, as POST /api/jobs/{id}/cibe_emails/ {job_task} writes it. */
async function addCibeEmail(ctx: ApiContext, actor: Actor, jobId: string, taskLineId: string, email_status: string) {
  const job = await loadRecord<JobState>(ctx, actor, 'job', jobId);
  const task = job.state.lines.job_tasks?.[taskLineId] ?? null;
  const lines = Object.values(job.state.lines.job_cibe_items ?? {}).filter((l) => taskOfLine(l) === taskLineId);
  const email = cibeEmail({ job: jobRecord(ctx, job.state) as Record<string, unknown>, task, lines });
  if (!email) throw new Error(`demo task ${taskLineId}: no CIBE line differs`);
  return addJobLine(ctx, actor, jobId, 'job_cibe_emails', { ...email, email_status, job_task: taskLineId });
}
