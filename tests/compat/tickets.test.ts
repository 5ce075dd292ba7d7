/**
 * The spec's client on the field ticket screens (spec 3 sections 7 and 9; spec 2's tickets on job
 * screens): it keeps the detail a GET answered, edits it in place and PUTs it back whole to
 * ticket_with_related_update as often as the user saves, numbers as text, never If-Match; its
 * computed fields come back as they were loaded. A save never fails because of its own earlier save
 * or another user's edit of another line; a line it added is not added again. It sends no Idempotency-Key:
 * a create posted twice makes two, as before (docs/offline.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectInvalid, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_tickets', { now: () => new Date('2026-11-24T15:00:00Z') });
const spec = new SpecClient(office);
let frank: SpecClient;
let job: Obj;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
  job = await spec.create('/api/jobs/new/', { form_type: 'attorca', title: 'Compat job' });
});

/** The list screen's "new ticket": POST with the fields the spec names, then the detail's GET. */
async function openNewTicket(values: Obj = {}): Promise<Obj> {
  const created = await spec.create('/api/tickets/', { form_type: 'attorca_ticket', ticket_status: 'New', account_ticket_number: '', title: 'Compat ticket', job: job.id, ...values });
  expect(created.id).toMatch(/^\d+$/);
  return spec.load(`/api/tickets/${created.id}/`);
}
const saveWhole = (s: SpecClient, kept: Obj, edits: Obj = {}) => s.save(`/api/tickets/ticket_with_related_update/${kept.id}/`, kept, edits);
/** A line as the old form's inputs hold it: numbers as text. */
const asText = (line: Obj) => Object.fromEntries(Object.entries(line).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));

describe('the ticket detail screen', () => {
  it('given a new ticket, when saved three times from the same kept object with numbers as text, then 200 each with the message and every edit kept', async () => {
    const t = await openNewTicket({ job: Number(job.id) });
    expect(t).toMatchObject({ ticket_status: 'New', job: job.id, approved: false });
    const first = await saveWhole(spec, t, { title: 'First', completion_date: '2026-11-30' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Ticket Saved successfully!');
    const second = await saveWhole(spec, t, { title: 'Second', crew_name: 'Bore Crew 1' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const third = await saveWhole(spec, t, { work_status: 'Current' });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(await spec.load(`/api/tickets/${t.id}/`)).toMatchObject({ title: 'Second', crew_name: 'Bore Crew 1', completion_date: '2026-11-30', work_status: 'Current', ticket_days_left: 6 });
  });

  it('given the kept object with new lines, when saved again and again with those lines still id-less, then each line is added once', async () => {
    const t = await openNewTicket();
    t.equipment = [asText({ equipment_name: 'Drill', hours: 2.5 })];
    t.expenses = [asText({ description: 'Fuel', qty: 2, price: 10.5, customer_billable: true })];
    for (let n = 0; n < 3; n++) {
      const r = await saveWhole(spec, t, { description: `save ${n}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const d = await spec.load(`/api/tickets/${t.id}/`);
    expect(d.equipment).toHaveLength(1);
    expect(d.expenses).toHaveLength(1);
    expect(d).toMatchObject({ equipment_hours_total: 2.5, expenses_total: 21, expenses_total_billable: 21, description: 'save 2' });
  });

  it('given a loaded ticket, when its computed fields come back changed, then they are ignored: 200, nothing written', async () => {
    const t = await openNewTicket();
    await spec.create(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Truck', hours: '1' });
    const loaded = await spec.load(`/api/tickets/${t.id}/`);
    const { account_ticket_number: number, version } = loaded;
    const before = await eventCount();
    const r = await saveWhole(spec, loaded, {
      feet_total: 99, other_total: 9, equipment_hours_total: 50, expenses_total: 1, ticket_status_order: 6, approved: true, approval_date: '2026-01-01', approved_by: 'Me',
      account_ticket_number: '1', created_date: '1999-01-01', signature_status: 'signed', fingerprint: 'x', stamped_ticket_file: 'x', ticket_days_left: 1, production_count: 9,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(await spec.load(`/api/tickets/${t.id}/`)).toMatchObject({ equipment_hours_total: 1, approved: false, account_ticket_number: number, version });
  });

  it('given two users with the same ticket, when each edits another line and another field, then both saves succeed and both edits are kept', async () => {
    const t = await openNewTicket();
    await spec.create(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill', hours: '1' });
    await spec.create(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Truck', hours: '1' });
    const mine = await spec.load(`/api/tickets/${t.id}/`);
    const theirs = copyOf(mine);
    mine.equipment[0].hours = '4';
    expect((await saveWhole(spec, mine, { title: 'Mine' })).status).toBe(200);
    theirs.equipment[1].hours = '6';
    const r = await saveWhole(frank, theirs, { crew_name: 'Splice Team' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // And the first user saves again from the stale kept object: its own earlier save is no conflict.
    mine.equipment[0].notes = 'greased';
    expect((await saveWhole(spec, mine)).status).toBe(200);
    expect(await spec.load(`/api/tickets/${t.id}/`)).toMatchObject({ title: 'Mine', crew_name: 'Splice Team', equipment_hours_total: 10 });
  });

  it('given another user changed the same field of the same line, then the stale save is 409 naming it and nothing written', async () => {
    const t = await openNewTicket();
    await spec.create(`/api/tickets/${t.id}/equipment/`, { equipment_name: 'Drill', hours: '1' });
    const mine = await spec.load(`/api/tickets/${t.id}/`);
    const theirs = copyOf(mine);
    theirs.equipment[0].hours = '3';
    expect((await saveWhole(frank, theirs)).status).toBe(200);
    const before = await eventCount();
    mine.equipment[0].hours = '5';
    expectConflict(await saveWhole(spec, mine), 'hours', { yours: 5, theirs: 3, by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given the kept ticket, when saved whole with status Approved and its stale approved_by and approval_date, then the server says who and when; saved again, nothing more is written', async () => {
    const t = await openNewTicket();
    expect(t).toMatchObject({ approved: false, approved_by: null, approval_date: null });
    const r = await saveWhole(spec, t, { ticket_status: 'Approved', approved_by: 'Somebody Else', approval_date: '2026-01-02' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ticket_status: 'Approved', approved: true, approved_by: 'Office User', approval_date: '2026-11-24' });
    const before = await eventCount();
    expect((await saveWhole(spec, t)).status).toBe(200);
    expect(await eventCount()).toBe(before);
    // Sent back to Issue from the same kept object: who and when are cleared.
    expect((await saveWhole(spec, t, { ticket_status: 'Issue' })).body).toMatchObject({ approved: false, approved_by: null, approval_date: null });
  });

  it('given the same new ticket posted twice, as the spec\'s client does without an Idempotency-Key, then two tickets are made, neither answer a replay', async () => {
    const [a, b] = [await spec.post('/api/tickets/', { form_type: 'base_ticket', title: 'Posted twice' }), await spec.post('/api/tickets/', { form_type: 'base_ticket', title: 'Posted twice' })];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect([a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')]).toEqual([null, null]);
  });

  it('given a bad value as the form sends it, then 400 naming it and nothing written', async () => {
    const t = await openNewTicket();
    const before = await eventCount();
    expectInvalid(await saveWhole(spec, copyOf(t), { completion_date: '11/30/2026' }), 'completion_date');
    const withBadLine = copyOf(t);
    withBadLine.timecards = [{ employee_name: 'Sam', hours: 'eight' }];
    expectInvalid(await saveWhole(spec, withBadLine), 'timecards.0.hours');
    expect(await eventCount()).toBe(before);
  });
});

describe('the ticket list and job screens', () => {
  it('given tickets, when the list is read with the screen\'s filters and bulk-approved by GET, then both count and are Approved', async () => {
    const a = await openNewTicket({ title: 'Listed compat A' });
    const b = await openNewTicket({ title: 'Listed compat B' });
    const rows = await readOwnWrite(() => spec.load<Obj[]>('/api/tickets/?start_date=2026-11-20&stop_date=2026-11-30&active=true&archived=false&live_and_future=false'), (r) => r.some((x) => x.id === b.id), 'the new tickets');
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const approved = await spec.load(`/api/tickets/ticket_approvals/?do=approve&ids=${a.id},${b.id}`);
    expect(approved).toMatchObject({ approved: [a.id, b.id], message: 'Approved successfully!' });
    expect(await spec.load(`/api/tickets/${a.id}/`)).toMatchObject({ ticket_status: 'Approved', approved: true });
  });

  it('given an unassigned ticket, when the job screen assigns it by PUT /api/ticket/{id}/ twice, then it is on the job', async () => {
    const t = await openNewTicket({ job: '' });
    expect(t.job).toBeNull();
    const first = await spec.put(`/api/ticket/${t.id}/`, { job: Number(job.id), account_job_number: job.account_job_number });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await spec.put(`/api/ticket/${t.id}/`, { job: Number(job.id), account_job_number: job.account_job_number })).status).toBe(200);
    const onJob = await readOwnWrite(() => spec.load<Obj[]>(`/api/tickets/job_tickets/${job.id}/`), (r) => r.some((x) => x.id === t.id), 'the assigned ticket');
    expect(onJob.find((x) => x.id === t.id)).toMatchObject({ job: job.id });
  });
});
