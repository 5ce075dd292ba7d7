/**
 * Demo base jobs for `npm start` (apps/api/src/seed.ts runs this after the settings): a dozen jobs with
 * numbers from the job counter, and across them every section of the base job page filled: items,
 * change orders, crews of Settings, payouts, invoices, segments with productions (and a production
 * photo), materials, work orders (numbered by their counter) with items and materials, timesheets with
 * timecards, a damage report with a photo, photos, files, PDF bundles, links, notes, assigned users and
 * IWAs. Written through the same functions and commands as the routes.
 */
import { addDays } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { addCrew, addJobLine, addWorkOrder, assignUser, createJob } from './jobs.ts';

const sites = [
  ['Columbus', 'Franklin', 'W Broad St & Hague Ave'],
  ['Atlanta', 'Fulton', 'Peachtree Rd & 14th St'],
  ['Dallas', 'Dallas', 'Elm St & N Akard St'],
  ['Phoenix', 'Maricopa', 'Camelback Rd & 7th St'],
  ['Chicago', 'Cook', 'N Halsted St & W Fullerton Ave'],
  ['Charlotte', 'Mecklenburg', 'Tryon St & Trade St'],
  ['Houston', 'Harris', 'Westheimer Rd & Post Oak Blvd'],
  ['Denver', 'Denver', 'Colfax Ave & Broadway'],
  ['Sacramento', 'Sacramento', 'J St & 16th St'],
  ['Nashville', 'Davidson', 'Broadway & 8th Ave'],
  ['Indianapolis', 'Marion', 'Meridian St & Washington St'],
  ['Tulsa', 'Tulsa', 'Peoria Ave & 15th St'],
] as const;

const statuses = ['Current', 'New', 'URGENT', 'Delayed', 'Current', 'Near Comp.', 'Rework', 'New', 'Complete', 'Current', 'Returned', 'Current'] as const;
const colours = ['Green', 'None', 'Red', 'Orange Lt', 'Blue', 'Green Lt', 'Yellow', 'None', 'Gray', 'Purple Lt', 'None', 'Pink'] as const;
// Base work types of spec 3 section 4 (the from_to, handhole and single_point forms).
const workTypes = ['Dirt-Bore', 'Dirt-Trench', 'Aerial Strand & Lash', 'Existing Duct', 'Dirt-Plow', 'Handhole', 'Splice'] as const;
/** Days from today to each job's completion: some overdue, some due this week, some later, one undated. */
const dueIn = [2, 5, -3, 12, 20, 35, 1, 60, -10, 9, null, 45] as const;

/** A 1x1 PNG, for the demo photos. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A one-page PDF with a line of text, for the demo bundles and files. */
export function pdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A file stored as the upload routes store it, then added as a line of the job (under `parent` when given). */
export async function upload(ctx: ApiContext, actor: Actor, jobId: string, collection: string, bytes: Buffer, o: { file_name: string; file_type: string; content_type: string; caption?: string; parent?: Record<string, string> }) {
  const stored = await ctx.blobs.put(bytes);
  return addJobLine(ctx, actor, jobId, collection, { file_name: o.file_name, file_type: o.file_type, content_type: o.content_type, ...(o.caption ? { caption: o.caption } : {}), ...stored, ...(o.parent ?? {}) });
}

/** A demo job as later seeds (the locates) find it: its id and its tasks' line ids (none on a base job). */
export interface SeededJob {
  id: string;
  title: string;
  tasks: string[];
}

export async function seedJobs(ctx: ApiContext, actor: Actor, today: string, settings: { crews: string[]; fieldUserEmail: string }): Promise<SeededJob[]> {
  const crews = settings.crews;
  const made: SeededJob[] = [];
  for (const [n, [city, county, crossroads]] of sites.entries()) {
    const due = dueIn[n];
    const job = await createJob(ctx, actor, {
      form_type: n % 4 === 3 ? 'attfiber' : 'base',
      work_status: statuses[n],
      customer: ['AT&T', 'Fiberlight', 'Lumen'][n % 3],
      title: `${city} ${['FTTH feeder', 'school ring', 'tower backhaul', 'business park laterals'][n % 4]}`,
      job_number: `J${26500 + n * 17}`,
      po_job_number: `PO-${71200 + n * 9}`,
      project_number: `PRJ-${5300 + n}`,
      work_req_num: `WR-${24100 + n * 7}`,
      job_summary: `${workTypes[n % workTypes.length]} at ${crossroads}.`,
      description: `${(800 + n * 350).toLocaleString('en-US')} ft of ${workTypes[n % workTypes.length].toLowerCase()}, restoration included.`,
      // Known coordinators of Settings, and one new to Settings (the save adds it).
      coordinator_code: ['PL01', 'SO02', n === 5 ? 'KN03' : 'PL01'][n % 3],
      coordinator: ['Pat Lee', 'Sam Ortiz', n === 5 ? 'Kim Nguyen' : 'Pat Lee'][n % 3],
      coord_phone1: `555-01${String(10 + (n % 3)).padStart(2, '0')}`,
      start_date: addDays(today, -30 + n * 4),
      completion_date: due === null ? null : addDays(today, due),
      billing_due_date: due === null ? null : addDays(today, due + 30),
      permit_expiration_date: n % 3 === 0 ? addDays(today, 10 + n) : null,
      estimated_payout: 12000 + n * 1500,
      estimated_crew_payout: 9000 + n * 1100,
      address: `${crossroads}, ${city}`,
      city,
      county,
      crossroads,
      colour: colours[n],
      archived: n === 8,
    }, { number: 'always' });
    const id = job.id;
    made.push({ id, title: String(job.state.fields.title), tasks: [] });
    const add = (collection: string, values: Record<string, unknown>) => addJobLine(ctx, actor, id, collection, values);

    // Items, change orders, payouts and invoices: the job's totals.
    const items = [
      { item: 'Directional bore', item_code: 'SVA-101', description: 'Bore 1-2 ducts', uom: 'ft', qty: 600 + n * 50, price: 14.25, line_number: 1 },
      { item: 'Handhole', item_code: 'SVA-201', description: 'Place handhole 17x30', uom: 'ea', qty: 2 + (n % 3), price: 425, line_number: 2 },
      ...(n % 2 ? [{ item: 'Splicing', item_code: 'SVA-401', description: 'Fusion splice, per fiber', uom: 'ea', qty: 24, price: 32.5, line_number: 3 }] : []),
    ];
    for (const item of items) await add('job_items', item);
    if (n % 2 === 0) await add('job_change_orders', { co_number: `CO-${n + 1}`, item_code: 'SVA-102', description: 'Rock encountered: bore in rock', uom: 'ft', qty: 40 + n * 5, price: 38, status: ['Approved', 'Submitted', 'Needs C/O'][n % 3] });
    await add('job_crew_payouts', { crew_name: crews[n % crews.length], category: 'Crew Payout', crew_payout_amount: 4200 + n * 300, status: n % 3 === 0 ? 'Paid (No C/O)' : 'Not Paid' });
    if (n % 3 === 1) await add('job_crew_payouts', { crew_name: 'Graybar', category: 'Materials Payout', crew_payout_amount: 850 + n * 20 });
    if (n % 4 === 2) await add('job_crew_payouts', { crew_name: 'Sunbelt Rentals', category: 'Equipment Payout', crew_payout_amount: 600 });
    if (n % 3 !== 2) await add('job_invoices', { invoice_number: `INV-${10300 + n}`, invoice_date: addDays(today, -5 - n), invoice_amount: 5000 + n * 750, status: ['Paid', 'Submitted', 'Not Paid'][n % 3] });

    // Crews of Settings, segments and their production.
    await addCrew(ctx, actor, id, { crew_name: crews[n % crews.length], segment_number: '1' });
    if (n % 3 === 0) await addCrew(ctx, actor, id, { crew_name: crews[(n + 2) % crews.length].toUpperCase(), segment_number: '2' });
    const segmentCount = n % 2 ? 1 : 2;
    for (let s = 1; s <= segmentCount; s++) {
      const feet = 400 + n * 60 + s * 100;
      await add('job_segments', { segment_number: String(s), work_status: s === 1 ? 'Current' : 'New', work_type: workTypes[(n + s) % workTypes.length], from_location: `HH-${s}`, to_location: `HH-${s + 1}`, feet, plan_days: 3 + s, segment_po_amount: feet * 14.25 });
      if (s === 1 || n % 4 === 0) {
        const prod = await add('job_productions', { segment_number: String(s), work_date: addDays(today, -3 - s), work_type: workTypes[(n + s) % workTypes.length], crew_name: crews[n % crews.length], feet: Math.round(feet * (0.3 + (n % 5) * 0.15)), production_days: 2, crew_payout_amount: 900 + n * 40 });
        if (n === 0 && s === 1) await upload(ctx, actor, id, 'job_production_photos', PNG, { file_name: 'bore-pit.png', file_type: 'photo', content_type: 'image/png', caption: 'Bore pit at HH-1', parent: { production: prod.lineId } });
      }
    }

    // Materials, and on every third job a work order with its items and materials.
    await add('job_materials', { materials_line_number: 1, item_code: 'HD125', description: 'HDPE duct 1.25"', uom: 'ft', qty: 600 + n * 50, price: 1.1, cost: 0.72, customer_billable: true, we_buy: true, status: ['Need', 'Ordered', 'Installed', 'Picked up'][n % 4] });
    if (n % 2 === 0) await add('job_materials', { materials_line_number: 2, item_code: 'BEN50', description: 'Bentonite 50 lb', uom: 'bag', qty: 10 + n, price: 18, cost: 11.5, we_buy: true });
    if (n % 3 === 0) {
      const wo = await addWorkOrder(ctx, actor, id, { line_number: 1, work_description: `Bore segment 1 from HH-1 to HH-2 (${city})`, crew_name: crews[n % crews.length], scheduled_date: addDays(today, 2 + n) });
      await add('job_work_order_items', { job_work_order: wo.lineId, item: 'Directional bore', description: 'Bore 1-2 ducts', uom: 'ft', qty: 500, line_number: 1, allocated: true });
      await add('job_work_order_items', { job_work_order: wo.lineId, item: 'Handhole', description: 'Place handhole 17x30', uom: 'ea', qty: 2, line_number: 2 });
      await add('job_work_order_materials', { job_work_order: wo.lineId, item_code: 'HD125', description: 'HDPE duct 1.25"', uom: 'ft', qty: 520 });
    }

    // Time, damage, files, links, notes, people and IWAs.
    if (n % 4 === 0) {
      const ts = await add('job_timesheets', { timesheet_number: `TS-${400 + n}`, week_ending: addDays(today, -2), crew_name: crews[n % crews.length] });
      for (const [w, worker] of ['Luis Ramos', 'Tom Becker'].entries())
        await add('job_timecards', { job_timesheet: ts.lineId, timecard_number: `TC-${400 + n}-${w + 1}`, worker_name: worker, work_date: addDays(today, -3), hours: 9 - w });
    }
    if (n === 2 || n === 6) {
      const dr = await add('job_damage_reports', { damage_report_number: `DR-${n + 1}`, damage_date: addDays(today, -4), location: crossroads, description: 'Nicked an unmarked irrigation line during the bore; repaired same day.', status: n === 2 ? 'In-process' : 'Completed', reported_by: 'Luis Ramos' });
      await upload(ctx, actor, id, 'job_damage_report_photos', PNG, { file_name: 'damage.png', file_type: 'photo', content_type: 'image/png', caption: 'Repaired line', parent: { damage_report: dr.lineId } });
    }
    if (n % 3 === 1) await upload(ctx, actor, id, 'job_photos', PNG, { file_name: `${city.toLowerCase()}-site.png`, file_type: 'photo', content_type: 'image/png', caption: 'Site before work' });
    if (n % 4 === 1) await upload(ctx, actor, id, 'job_general_files', pdf(`${city} traffic control plan`), { file_name: 'traffic-control-plan.pdf', file_type: 'other', content_type: 'application/pdf' });
    if (n % 2 === 0) await upload(ctx, actor, id, 'job_pdf_bundles', pdf(`${city} job bundle`), { file_name: `${city.toLowerCase()}-bundle.pdf`, file_type: 'pdf_bundle', content_type: 'application/pdf' });
    if (n % 3 === 2) await add('job_links', { title: 'Permit portal', url: `https://permits.example.com/${city.toLowerCase()}`, status: 'Ordered' });
    await add('job_notes', { note: ['Locates called in; crew starts Monday.', 'Waiting on the city permit.', 'Bore pit moved 20 ft east per inspector.', 'PO received; schedule confirmed.'][n % 4], note_status: ['Update', 'Open Question', 'Issue', 'Action Taken'][n % 4] });
    await assignUser(ctx, actor, id, actor.email);
    if (n % 2 === 1) await assignUser(ctx, actor, id, settings.fieldUserEmail);
    if (n % 4 === 3) await add('job_iwas', { verb: 'Place', po_string1: `PO-${71200 + n * 9}`, final_string: `Place ${600 + n * 50} ft of duct at ${crossroads}.` });
  }
  return made;
}
