/**
 * Demo RFQs for `npm start` (apps/api/src/seed.ts runs this after the jobs and tickets): a dozen RFQs
 * numbered by the rfq counter, in every status and colour, with one to three segments whose estimates
 * cover every estimate type (most at the default 30% margin, some at 20, 25, 35 or 40, one line with no
 * price yet so its totals stay blank), bid due dates spread so the list shows red, orange and later
 * rows, and a note each. One Won RFQ made its job (makeJobFromRfq, as POST make_job does), and that job
 * has an invoice and a crew payout so its page shows the estimated against the actual margin. Written
 * through the same functions and commands as the routes.
 */
import { addDays, collection, parseLineValues, type RfqFields } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand } from '../../platform/records.ts';
import { newLineIds } from '../../platform/ids.ts';
import { addJobLine } from '../jobs/jobs.ts';
import { makeJobFromRfq, rfqRecord } from './rfqs.ts';
import { createRecord } from '../../platform/record-routes.ts';

type Estimate = { work_type: string; description: string; qty?: number; uom: string; price?: number; margin?: number };
interface DemoSegment {
  work_type: string;
  feet: number;
  days: number;
  estimates: Estimate[];
}
interface DemoRfq {
  title: string;
  customer: string;
  location: string;
  status: RfqFields['rfq_status'];
  colour: RfqFields['colour'];
  /** Days from today: when the RFQ came in and when the bid is due. */
  received: number;
  due: number;
  segments: DemoSegment[];
  note: [string, string];
  archived?: boolean;
  /** Make its job, then invoice and pay a crew on it. */
  makeJob?: { invoiced: number; payout: number };
}

const labor = (feet: number, rate: number, margin?: number): Estimate => ({ work_type: 'Labor', description: 'Crew labor', qty: feet, uom: 'feet', price: rate, margin });
const duct = (feet: number, margin?: number): Estimate => ({ work_type: 'Materials', description: '1.25" HDPE duct', qty: feet, uom: 'feet', price: 0.85, margin });
const rig = (days: number, margin?: number): Estimate => ({ work_type: 'Equipment', description: 'Directional drill and vac truck', qty: days, uom: 'days', price: 1450, margin });
const haul = (miles: number): Estimate => ({ work_type: 'Transport', description: 'Mobilise rig and crew', qty: miles, uom: 'miles', price: 3.2 });
const overhead = (days: number): Estimate => ({ work_type: 'Overhead', description: 'Supervision and traffic control', qty: days, uom: 'days', price: 380, margin: 25 });
const permits = (qty: number, price?: number): Estimate => ({ work_type: 'Misc', description: 'Permits and locates', qty, uom: 'each', price });

const bore = (feet: number, days: number, margin?: number): DemoSegment => ({ work_type: 'Dirt-Bore', feet, days, estimates: [labor(feet, 9.5, margin), duct(feet), rig(days, margin)] });
const aerial = (feet: number, days: number): DemoSegment => ({ work_type: 'Aerial Strand & Lash', feet, days, estimates: [labor(feet, 1.4), { work_type: 'Materials', description: 'Strand, lashing wire and hardware', qty: feet, uom: 'feet', price: 0.42, margin: 35 }, haul(120)] });
const trench = (feet: number, days: number): DemoSegment => ({ work_type: 'Rock-Trench/Saw', feet, days, estimates: [labor(feet, 22, 40), rig(days, 40), overhead(days), permits(2, 275)] });

const demoRfqs: DemoRfq[] = [
  { title: 'Westside FTTH laterals', customer: 'AT&T', location: 'W Broad St & Hague Ave, Columbus', status: 'New', colour: 'None', received: -1, due: 1, segments: [bore(1200, 4)], note: ['Plans received; walk the route this week.', 'Update'] },
  { title: 'Backbone ring extension', customer: 'Lumen', location: 'Peachtree Rd & 14th St, Atlanta', status: 'Field Visit', colour: 'Yellow', received: -4, due: 3, segments: [bore(2400, 7), aerial(3400, 5)], note: ['Field visit booked with the county inspector.', 'Action Taken'] },
  { title: 'School district ring', customer: 'Fiberlight', location: 'Elm St & N Akard St, Dallas', status: 'To Estimate', colour: 'Orange', received: -6, due: 5, segments: [bore(900, 3, 25), trench(300, 4), aerial(1800, 3)], note: ['Rock expected under the parking lot; price the saw.', 'Open Question'] },
  { title: 'Tower backhaul, site 14', customer: 'AT&T', location: 'Camelback Rd & 7th St, Phoenix', status: 'Submitted', colour: 'Green', received: -10, due: 6, segments: [bore(650, 2), { work_type: 'Dirt-Bore', feet: 0, days: 1, estimates: [permits(3)] }], note: ['Submitted; permit fees still to confirm.', 'Update'] },
  { title: 'Business park duct bank', customer: 'City of Columbus', location: 'N Halsted St & W Fullerton Ave, Chicago', status: 'Modified', colour: 'Blue', received: -12, due: 9, segments: [trench(450, 5), bore(800, 3, 20)], note: ['Customer moved the vault; revised segment 2.', 'Issue'] },
  { title: 'Downtown aerial overlash', customer: 'Lumen', location: 'Tryon St & Trade St, Charlotte', status: 'Won', colour: 'Green', received: -20, due: 12, segments: [aerial(4200, 6), bore(300, 1)], note: ['Awarded; job made from this RFQ.', 'Action Taken'], makeJob: { invoiced: 18_500, payout: 14_200 } },
  { title: 'Subdivision drops, phase 3', customer: 'AT&T', location: 'Westheimer Rd & Post Oak Blvd, Houston', status: 'Pass', colour: 'Gray', received: -8, due: 2, segments: [bore(1500, 5)], note: ['Passing: crews booked through the month.', 'Update'] },
  { title: 'Hospital campus reroute', customer: 'Fiberlight', location: 'Colfax Ave & Broadway, Denver', status: 'No Bid', colour: 'Red', received: -15, due: 20, segments: [trench(200, 3)], note: ['Night work only; no bid.', 'Update'] },
  { title: 'Rural highway plow', customer: 'Lumen', location: 'J St & 16th St, Sacramento', status: 'Lost', colour: 'Gray', received: -40, due: -4, segments: [{ work_type: 'Dirt-Plow', feet: 9000, days: 6, estimates: [labor(9000, 3.1), duct(9000, 35), rig(6), haul(300)] }], note: ['Lost on price to a plow crew from out of state.', 'Update'], archived: true },
  { title: 'Stadium district conduit', customer: 'City of Columbus', location: 'Broadway & 8th Ave, Nashville', status: 'Submitted', colour: 'Yellow', received: -9, due: 4, segments: [bore(1100, 4), trench(150, 2)], note: ['Waiting on the owner\'s questions.', 'Open Question'] },
  { title: 'Library branch lateral', customer: 'AT&T', location: 'Meridian St & Washington St, Indianapolis', status: 'New', colour: 'None', received: 0, due: 15, segments: [bore(350, 1)], note: ['Small job; fits between phases.', 'Update'] },
  { title: 'Industrial loop, 3 segments', customer: 'Fiberlight', location: 'Peoria Ave & 15th St, Tulsa', status: 'To Estimate', colour: 'Orange', received: -2, due: 45, segments: [bore(1600, 5), aerial(2600, 4), trench(250, 3)], note: ['Estimating the aerial span first.', 'Update'] },
];

const estimates = collection('rfq_estimates');

/** `customers`: the ids of the customers of Settings by name. Answers the RFQ ids and the job the Won one made. */
export async function seedRfqs(ctx: ApiContext, actor: Actor, today: string, customers: Record<string, string>) {
  const made: { rfqs: string[]; job: { job_id: string; account_job_number: string } | null } = { rfqs: [], job: null };
  for (const demo of demoRfqs) {
    const rfq = await createRecord(ctx, actor, rfqRecord, {
      form_type: 'base_rfq',
      rfq_status: demo.status,
      rfq_date: addDays(today, demo.received),
      title: demo.title,
      customer: demo.customer,
      ...(customers[demo.customer] ? { customer_ref: customers[demo.customer] } : {}),
      location: demo.location,
      bid_due_date: addDays(today, demo.due),
      po_start_date: addDays(today, demo.due + 14),
      po_complete_date: addDays(today, demo.due + 14 + demo.segments.reduce((s, g) => s + g.days, 0)),
      colour: demo.colour,
      description: demo.segments.map((s) => `${s.work_type} ${s.feet.toLocaleString('en-US')} ft`).join('; '),
      archived: demo.archived ?? false,
    });
    const id = rfq.id;
    made.rfqs.push(id);
    const segIds = await newLineIds(ctx, actor.accountId, 'rfq_segments', 'rfq', id, demo.segments.length);
    for (const [s, seg] of demo.segments.entries()) {
      await executeCommand(ctx, actor, 'rfq', id, { type: 'AddLine', collection: 'rfq_segments', lineId: segIds[s], values: { number: String(s + 1), work_type: seg.work_type, feet: seg.feet, days_required: seg.days, description: `${seg.work_type} segment ${s + 1}` } });
      const lineIds = await newLineIds(ctx, actor.accountId, 'rfq_estimates', 'rfq', id, seg.estimates.length);
      for (const [e, est] of seg.estimates.entries()) {
        // Parsed as the estimate route parses it: the margin assumption defaults to 30 when not sent.
        const values = parseLineValues(estimates, { segment: segIds[s], number: String(e + 1), work_type: est.work_type, description: est.description, qty: est.qty, uom: est.uom, price: est.price, ...(est.margin ? { estimate_margin_assumption: est.margin } : {}) }, true);
        await executeCommand(ctx, actor, 'rfq', id, { type: 'AddLine', collection: 'rfq_estimates', lineId: lineIds[e], values });
      }
    }
    const [noteId] = await newLineIds(ctx, actor.accountId, 'rfq_notes', 'rfq', id);
    await executeCommand(ctx, actor, 'rfq', id, { type: 'AddLine', collection: 'rfq_notes', lineId: noteId, values: { note: demo.note[0], note_status: demo.note[1] } });
    if (demo.makeJob) {
      const job = await makeJobFromRfq(ctx, actor, id);
      made.job = { job_id: job.job_id, account_job_number: job.account_job_number };
      await addJobLine(ctx, actor, job.job_id, 'job_invoices', { invoice_number: 'INV-10480', invoice_date: addDays(today, -2), invoice_amount: demo.makeJob.invoiced, status: 'Submitted' });
      await addJobLine(ctx, actor, job.job_id, 'job_crew_payouts', { crew_name: 'Aerial Crew A', category: 'Crew Payout', crew_payout_amount: demo.makeJob.payout, status: 'Not Paid' });
    }
  }
  return made;
}
