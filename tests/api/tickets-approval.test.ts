/**
 * Approved production feeds the job, over HTTP (issue 17; docs/tickets.md): approving a ticket one by
 * one and in bulk (GET ticket_approvals) counts its production lines into the CIBE quantities of the
 * job's CIBE lines they came from and its feet into the segment actuals, so the job's CIBE difference,
 * the ORCA dashboard row and the segment % complete move; un-approving, editing a line while approved,
 * moving the ticket to another job and deleting it take them out or re-count exactly. History and as-of.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { orcaJobCalls, type Row } from '../support/orcaJobs.ts';

// The app's clock: 2026-11-24; the history test moves it forward an hour at a time.
let clock = Date.parse('2026-11-24T15:00:00Z');
const { office, rival, eventCount } = apiTest('api_tickets_approval', { now: () => new Date(clock) });
const { newOrcaJob, add, detail: job } = orcaJobCalls(office);

/** An ORCA job with a blank CIBE line (issued 200 @ 2), a counted one (issued 4 @ 50, CIBE 4) and a segment S1 of 400 ft. */
async function orcaJobWithCibe(title: string) {
  const j = await newOrcaJob({ title });
  const bore = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'BORE-2', issued_item_description: 'Directional bore', issued_item_qty: 200, issued_item_price: 2 });
  const hh = await add(`/api/jobs/${j.id}/cibeitems/`, { issued_item_code: 'HH-1', issued_item_qty: 4, issued_item_price: 50, CIBE_item_qty: 4 });
  const seg = await add(`/api/jobs/${j.id}/segments/`, { number: 1, segment_number: 'S1', feet: 400 });
  return { j, bore, hh, seg };
}

/** A ticket on the job's segment with a bore of `feet` and one handhole, from the CIBE lines. */
async function ticketWithProduction(x: Awaited<ReturnType<typeof orcaJobWithCibe>>, feet = 120) {
  const t = await add('/api/tickets/', { form_type: 'attorca_ticket', title: 'Bore day', job: x.j.id, job_seg_ref_id: x.seg.id });
  const r = await office.post(`/api/tickets/${t.id}/productions/`, { ticket_productions: [{ job_orca_cibe: x.bore.id, work_type: 'Dirt-Bore', feet }, { job_orca_cibe: x.hh.id, work_type: 'Handhole', qty: 1 }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { t, lines: r.body.ticket_productions as Row[] };
}

const cibeOf = async (jobId: string) => Object.fromEntries(((await office.get(`/api/jobs/${jobId}/cibeitems/`)).body as Row[]).map((l) => [l.issued_item_code, l.CIBE_item_qty]));
const segmentOf = async (jobId: string) => ((await office.get(`/api/jobs/${jobId}/segments/`)).body as Row[])[0];
const orcaRow = async (title: string) => {
  const r = await office.list(`/api/jobs/orcas/?q=${encodeURIComponent(title)}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.results as Row[]).find((row) => row.title === title)!;
};

describe('approving moves the job and un-approving moves it back', () => {
  it('given a ticket with production from CIBE lines, when approved and then un-approved, then CIBE quantities, the difference, the ORCA row and the segment move and come back', async () => {
    const x = await orcaJobWithCibe('Feeds Main St');
    const { t, lines } = await ticketWithProduction(x);
    expect(lines.map((l) => [l.issued_item_code, l.CIBE_item_code, l.line_number, l.form_type])).toEqual([['BORE-2', 'BORE-2', 1, 'from_to'], ['HH-1', 'HH-1', 2, 'handhole']]);
    const before = await job(x.j.id);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': null, 'HH-1': 4 });
    // A CIBE line with no CIBE qty counts as issued: no difference yet.
    expect(before.CIBE_job_grand_total_difference).toBe(0);

    const approved = await office.post(`/api/tickets/${t.id}/approve/`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ ticket_status: 'Approved', approved: true, approval_date: '2026-11-24', approved_by: 'Office User', message: 'Approved successfully!' });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 120, 'HH-1': 5 });
    // Issued 400 + 200; as built 120 × 2 + 5 × 50 = 490: the difference moves from 0 to -110.
    expect(await job(x.j.id)).toMatchObject({ CIBE_job_grand_total: 490, CIBE_job_grand_total_difference: -110, segment_total_feet: 120 });
    expect(await orcaRow('Feeds Main St')).toMatchObject({ CIBE_job_grand_total_difference: -110 });
    expect(await segmentOf(x.j.id)).toMatchObject({ ticket_feet: 120, segment_total_feet: 120, percent_complete: 30 });

    const back = await office.post(`/api/tickets/${t.id}/request_edit/`, {});
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ ticket_status: 'Edit Requested', approved: false });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': null, 'HH-1': 4 });
    expect((await job(x.j.id)).CIBE_job_grand_total_difference).toBe(0);
    expect(await orcaRow('Feeds Main St')).toMatchObject({ CIBE_job_grand_total_difference: 0 });
    expect(await segmentOf(x.j.id)).toMatchObject({ segment_total_feet: 0, percent_complete: 0 });
  });

  it('given two tickets, when approved in bulk by GET ticket_approvals and un-approved the same way, then both count and both leave', async () => {
    const x = await orcaJobWithCibe('Feeds bulk');
    const a = await ticketWithProduction(x, 100);
    const b = await ticketWithProduction(x, 50);
    const r = await office.get(`/api/tickets/ticket_approvals/?do=approve&ids=${a.t.id},${b.t.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ approved: [a.t.id, b.t.id], failed: [], message: 'Approved successfully!' });
    // The last approval's position, so a list read after it waits for it.
    expect(r.headers.get('x-position')).toBe(r.body.position);
    expect(r.body.position).toMatch(/^\d+:\d+$/);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 150, 'HH-1': 6 });
    expect(await segmentOf(x.j.id)).toMatchObject({ segment_total_feet: 150 });
    const un = await office.get(`/api/tickets/ticket_approvals/?do=unapprove&ids=${a.t.id}`);
    expect(un.body).toMatchObject({ unapproved: [a.t.id], failed: [] });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 50, 'HH-1': 5 });
    expect(await segmentOf(x.j.id)).toMatchObject({ segment_total_feet: 50 });
  });

  it('given an approved ticket, when approved again, then nothing more is counted', async () => {
    const x = await orcaJobWithCibe('Feeds twice');
    const { t } = await ticketWithProduction(x);
    await office.post(`/api/tickets/${t.id}/approve/`, {});
    const n = await eventCount();
    expect((await office.get(`/api/tickets/ticket_approvals/?ids=${t.id}`)).body.approved).toEqual([t.id]);
    expect(await eventCount()).toBe(n);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 120, 'HH-1': 5 });
  });

  it('given an approved ticket, when a line\'s feet change, a line is zeroed and a line is added, then the job re-counts by the difference', async () => {
    const x = await orcaJobWithCibe('Feeds edits');
    const { t, lines } = await ticketWithProduction(x);
    await office.post(`/api/tickets/${t.id}/approve/`, {});
    expect((await office.put(`/api/tickets/productions/${lines[0].id}`, { feet: 150 })).status).toBe(200);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 150, 'HH-1': 5 });
    expect((await office.put(`/api/tickets/productions/${lines[1].id}`, { line_zeroed: true })).body).toMatchObject({ qty: 0, feet: 0 });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 150, 'HH-1': 4 });
    await add(`/api/tickets/${t.id}/productions/`, { job_orca_cibe: x.bore.id, work_type: 'Dirt-Bore', feet: 10 });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 160, 'HH-1': 4 });
    expect(await segmentOf(x.j.id)).toMatchObject({ segment_total_feet: 160, percent_complete: 40 });
  });

  it('given an approved ticket, when it is moved to another job, then the first job loses its counts and the second gains them on its own segment number', async () => {
    const x = await orcaJobWithCibe('Feeds move from');
    const other = await newOrcaJob({ title: 'Feeds move to' });
    await add(`/api/jobs/${other.id}/segments/`, { segment_number: 'S1', feet: 1200 });
    const { t } = await ticketWithProduction(x);
    await office.post(`/api/tickets/${t.id}/approve/`, {});
    const moved = await office.put(`/api/ticket/${t.id}/`, { job: other.id, job_seg_ref_id: null });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': null, 'HH-1': 4 });
    expect(await segmentOf(x.j.id)).toMatchObject({ segment_total_feet: 0 });
    // The other job has none of these CIBE lines; the feet go to its segment of the same number.
    expect(await segmentOf(other.id)).toMatchObject({ segment_total_feet: 120, percent_complete: 10 });
  });

  it('given an approved ticket, when deleted, then the job takes its counts out', async () => {
    const x = await orcaJobWithCibe('Feeds delete');
    const { t } = await ticketWithProduction(x);
    await office.post(`/api/tickets/${t.id}/approve/`, {});
    expect((await office.del(`/api/tickets/${t.id}/`)).status).toBeLessThan(300);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': null, 'HH-1': 4 });
    expect(await segmentOf(x.j.id)).toMatchObject({ segment_total_feet: 0 });
    expect((await office.get(`/api/tickets/${t.id}/`)).status).toBe(404);
  });

  it('given a ticket approved by its status in a PUT, then it counts like approve/', async () => {
    const x = await orcaJobWithCibe('Feeds status');
    const { t } = await ticketWithProduction(x);
    const r = await office.put(`/api/tickets/${t.id}/`, { ticket_status: 'Approved' });
    expect(r.body).toMatchObject({ approved: true, approval_date: '2026-11-24' });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 120, 'HH-1': 5 });
  });
});

describe('approval always says who (issue 28)', () => {
  it('given a ticket created Approved on a job, when production lines are added, then it was approved by its writer today and the job counts them once; approving again counts nothing more', async () => {
    const x = await orcaJobWithCibe('Born approved');
    const t = await add('/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'Approved', title: 'Born approved', job: x.j.id, job_seg_ref_id: x.seg.id, approved_by: 'Mallory', approval_date: '2020-01-01' });
    expect(t).toMatchObject({ ticket_status: 'Approved', approved: true, approved_by: 'Office User', approval_date: '2026-11-24' });
    const r = await office.post(`/api/tickets/${t.id}/productions/`, { ticket_productions: [{ job_orca_cibe: x.bore.id, work_type: 'Dirt-Bore', feet: 120 }, { job_orca_cibe: x.hh.id, work_type: 'Handhole', qty: 1 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 120, 'HH-1': 5 });
    expect(await segmentOf(x.j.id)).toMatchObject({ segment_total_feet: 120 });
    const n = await eventCount();
    expect((await office.post(`/api/tickets/${t.id}/approve/`, {})).body).toMatchObject({ approved_by: 'Office User', message: 'Approved successfully!' });
    expect((await office.get(`/api/tickets/ticket_approvals/?ids=${t.id}`)).body.approved).toEqual([t.id]);
    expect(await eventCount()).toBe(n);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 120, 'HH-1': 5 });
  });

  it('given a ticket created Paid, then it is approved by its writer and counts once', async () => {
    const x = await orcaJobWithCibe('Born paid');
    const t = await add('/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'Paid', title: 'Born paid', job: x.j.id });
    expect(t).toMatchObject({ ticket_status: 'Paid', approved: true, approved_by: 'Office User', approval_date: '2026-11-24' });
    await add(`/api/tickets/${t.id}/productions/`, { job_orca_cibe: x.hh.id, work_type: 'Handhole', qty: 2 });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': null, 'HH-1': 6 });
  });

  it('given a colleague approving by a PUT of the status, then the colleague approved it; the approve call after it counts nothing more', async () => {
    const x = await orcaJobWithCibe('Approved by PUT');
    const { t } = await ticketWithProduction(x);
    const frank = await office.addColleague('Frank Field');
    const r = await frank.put(`/api/tickets/${t.id}/`, { ticket_status: 'Approved', approved_by: 'Mallory', approval_date: '2020-01-01', approved: false });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ approved: true, approved_by: 'Frank Field', approval_date: '2026-11-24' });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 120, 'HH-1': 5 });
    const n = await eventCount();
    expect((await office.post(`/api/tickets/${t.id}/approve/`, {})).body).toMatchObject({ approved_by: 'Frank Field' });
    expect(await eventCount()).toBe(n);
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': 120, 'HH-1': 5 });
  });

  it('given an approved ticket, when the whole-ticket save sets it to Issue, then who and when are cleared, its production leaves the job, and history keeps the old values', async () => {
    const x = await orcaJobWithCibe('Leaves approval');
    const { t } = await ticketWithProduction(x);
    const approved = (await office.post(`/api/tickets/${t.id}/approve/`, {})).body;
    const r = await office.put(`/api/tickets/ticket_with_related_update/${t.id}/`, { ...approved, ticket_status: 'Issue' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ticket_status: 'Issue', approved: false, approved_by: null, approval_date: null });
    expect(await cibeOf(x.j.id)).toEqual({ 'BORE-2': null, 'HH-1': 4 });
    const h = (await office.get(`/api/tickets/${t.id}/history/`)).body as Row[];
    expect(h.at(-1)!.changes).toEqual(expect.arrayContaining([{ field: 'approved_by', old: 'Office User', new: null }, { field: 'approval_date', old: '2026-11-24', new: null }]));
  });
});

describe('bad input and another account', () => {
  it('given no ids, bad ids or a bad do, then 400 naming the field and nothing written', async () => {
    const n = await eventCount();
    for (const [q, field] of [['', 'ids'], ['ids=', 'ids'], ['ids=1,x', 'ids'], ['do=maybe&ids=1', 'do']]) {
      const r = await office.get(`/api/tickets/ticket_approvals/?${q}`);
      expect(r.status, `${q} ${JSON.stringify(r.body)}`).toBe(400);
      expect(Object.keys(r.body.fields ?? {})).toContain(field);
    }
    expect(await eventCount()).toBe(n);
  });

  it('given another account\'s ticket, then approve is 404 and bulk approval fails it, nothing written', async () => {
    const x = await orcaJobWithCibe('Feeds rival');
    const { t } = await ticketWithProduction(x);
    const n = await eventCount();
    expect((await rival.post(`/api/tickets/${t.id}/approve/`, {})).status).toBe(404);
    expect((await rival.post(`/api/tickets/${t.id}/request_edit/`, {})).status).toBe(404);
    const r = await rival.get(`/api/tickets/ticket_approvals/?ids=${t.id}`);
    expect(r.body).toMatchObject({ approved: [], failed: [{ id: t.id }] });
    expect(await eventCount()).toBe(n);
  });

  it('given a production from a CIBE line of another job, then 400 naming job_orca_cibe', async () => {
    const x = await orcaJobWithCibe('Feeds wrong line');
    const y = await orcaJobWithCibe('Feeds other line');
    const { t } = await ticketWithProduction(x);
    const n = await eventCount();
    const r = await office.post(`/api/tickets/${t.id}/productions/`, { job_orca_cibe: y.bore.id, feet: 5 });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(Object.keys(r.body.fields)).toContain('job_orca_cibe');
    expect(await eventCount()).toBe(n);
  });
});

describe('history and as-of', () => {
  it('given a ticket with production approved an hour later, then its history lists the events and as-of shows it before approval', async () => {
    const x = await orcaJobWithCibe('Feeds history');
    const { t } = await ticketWithProduction(x);
    const beforeApproval = new Date(clock).toISOString();
    clock += 3_600_000;
    await office.post(`/api/tickets/${t.id}/approve/`, {});
    const h = await office.get(`/api/tickets/${t.id}/history/`);
    expect(h.status, JSON.stringify(h.body)).toBe(200);
    expect((h.body as Row[]).map((e) => e.type)).toEqual(['TicketCreated', 'TicketProductionAdded', 'TicketProductionAdded', 'TicketApproved']);
    expect((h.body as Row[])[3]).toMatchObject({ user_name: 'Office User', at: new Date(clock).toISOString() });
    const asOf = await office.get(`/api/tickets/${t.id}/?as_of=${encodeURIComponent(beforeApproval)}`);
    expect(asOf.status, JSON.stringify(asOf.body)).toBe(200);
    expect(asOf.body).toMatchObject({ ticket_status: 'New', approved: false, feet_total: 120 });
    expect((await rival.get(`/api/tickets/${t.id}/history/`)).status).toBe(404);
  });
});
