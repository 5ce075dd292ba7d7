/**
 * Every help ticket call of the API (spec 3 sections 3, 4, 7, 8, 9; docs/help.md) over HTTP against the
 * real app: raising with the defaults and the caller as submitter, the detail with its updates and
 * files, edits merged by field, archive on close, updates and files, history and as-of, the
 * navigation's count of tickets awaiting a user, the list's filters, paging, search and saved dates,
 * bad input and another account's tickets. The management report is tests/compat/help-orders.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP_MOODS, HELP_OUR_STATUSES, HELP_PRIORITIES, HELP_SUBMITTER_STATUSES, HELP_TYPES, HELP_UPDATE_STATUSES } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';
import type { Client, Res } from '../support/client.ts';

type Row = { id: string } & Record<string, any>;

// The app's clock: today is Tuesday 2026-11-24; a test moves it forward with `later`.
let clock = Date.parse('2026-11-24T15:00:00Z');
const later = (hours: number) => (clock += hours * 3_600_000);
const { office, rival, eventCount } = apiTest('api_help', { now: () => new Date(clock) });
let frank: Client;

beforeAll(async () => {
  frank = await office.addColleague('Frank Field');
});

async function raise(values: Record<string, unknown> = {}, c: Client = office): Promise<Row> {
  const r = await c.post('/api/help/', { subject: 'Report hangs', ...values });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const detail = async (id: string, c: Client = office) => (await c.get(`/api/help/${id}/`)).body as Row;
const ids = (rows: Row[]) => rows.map((r) => r.id);
const expectInvalid = (r: Res, field: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
};
function attach(ticket: string, name: string, content: string, type = 'text/plain', fileType = 'log', c: Client = office) {
  const f = new FormData();
  f.set('file', new Blob([content], { type }), name);
  f.set('helpticket', ticket);
  f.set('file_name', name);
  f.set('file_type', fileType);
  return c.post(`/api/help/${ticket}/files/`, f);
}
/** The count as `c` reads it once the read model holds `writer`'s last write (another user's save). */
const awaitingCount = async (c: Client, writer: Client = c) =>
  (await c.get('/api/help/awaiting/count/', writer.lastPosition ? { 'X-Min-Position': writer.lastPosition } : {})).body as { count: number; office: number; submitter: number };

describe('raising a help ticket', () => {
  it('given only a subject, when raised, then 201 New in all three statuses, not archived, the caller its submitter, awaiting the office, and every field of spec 3 section 3 named', async () => {
    const t = await raise({ description: 'The job report spins for minutes.' });
    expect(t).toMatchObject({ subject: 'Report hangs', description: 'The job report spins for minutes.', ticket_status: 'New', submitter_status: 'New', our_status: 'New', archived: false });
    expect(t).toMatchObject({ submitted_by: expect.stringMatching(/^\d+$/), submitted_by_name: 'Office User', awaiting: 'office', update_count: 0, file_count: 0, latest_update: null, version: 1 });
    const d = await detail(t.id);
    expect(d).toMatchObject({ ...t, updates: [], files: [] });
    for (const name of ['id', 'ticket_status', 'our_status', 'submitter_status', 'archived', 'ticket_type', 'priority', 'submitter_mood', 'completion_date', 'files'])
      expect(d, name).toHaveProperty(name);
  });

  it('given every type, priority and mood, when raised with them and a completion date, then they stand', async () => {
    for (const [i, ticket_type] of HELP_TYPES.entries()) {
      const t = await raise({ ticket_type, priority: HELP_PRIORITIES[i % HELP_PRIORITIES.length], submitter_mood: HELP_MOODS[i], completion_date: '2026-12-01' });
      expect(t).toMatchObject({ ticket_type, priority: HELP_PRIORITIES[i % HELP_PRIORITIES.length], submitter_mood: HELP_MOODS[i], completion_date: '2026-12-01' });
    }
  });

  it('given a submitter sent in the body, then the server keeps the caller as submitter', async () => {
    const t = await raise({ submitted_by: '1', submitted_by_name: 'Somebody Else' }, frank);
    expect(t).toMatchObject({ submitted_by_name: 'Frank Field' });
    expect(t.submitted_by).not.toBe('1');
  });
});

describe('the ticket with its updates and files', () => {
  it('given a ticket, when an update and a file are added, then the detail, the lines routes and the list row show them', async () => {
    const t = await raise({ subject: 'Upload fails on tablets' });
    later(1);
    const u = await office.post(`/api/help/${t.id}/updates/`, { update: 'Happens on every PDF over 10 MB.' });
    expect(u.status, JSON.stringify(u.body)).toBe(201);
    expect(u.body).toMatchObject({ helpticket: t.id, update: 'Happens on every PDF over 10 MB.', update_status: 'New', created_by: 'Office User', created_date: expect.any(String) });
    const f = await attach(t.id, 'console.txt', 'TypeError: upload aborted');
    expect(f.status, JSON.stringify(f.body)).toBe(201);
    expect(f.body).toMatchObject({ helpticket: t.id, file_name: 'console.txt', file_type: 'log', uploaded_by: 'Office User', file: `/api/files/${f.body.id}/console.txt` });

    const d = await detail(t.id);
    expect(d.updates).toEqual([expect.objectContaining({ id: u.body.id, update: 'Happens on every PDF over 10 MB.' })]);
    expect(d.files).toEqual([expect.objectContaining({ id: f.body.id, file_name: 'console.txt' })]);
    expect(d).toMatchObject({ update_count: 1, file_count: 1, latest_update: { text: 'Happens on every PDF over 10 MB.', by: 'Office User', status: 'New' } });
    expect((await office.get(`/api/help/${t.id}/updates/`)).body).toHaveLength(1);
    expect((await office.get(`/api/help/${t.id}/files/`)).body).toHaveLength(1);
    const dl = await office.get(f.body.file);
    expect(dl.status).toBe(200);
    expect(dl.body).toBe('TypeError: upload aborted');
    expect((await rival.get(f.body.file)).status).toBe(404);
    const row = (await office.list('/api/help/?q=tablets')).body.find((r: Row) => r.id === t.id);
    expect(row).toMatchObject({ update_count: 1, file_count: 1, latest_update: expect.objectContaining({ text: 'Happens on every PDF over 10 MB.' }) });
  });

  it('given updates, when each update status is posted and one is edited, then they stand, the latest is the ticket\'s, and a bad status is 400 naming update_status', async () => {
    const t = await raise();
    for (const update_status of HELP_UPDATE_STATUSES) {
      const r = await frank.post(`/api/help/${t.id}/updates/`, { update: `Now ${update_status}`, update_status });
      expect(r.status, update_status).toBe(201);
      expect(r.body).toMatchObject({ update_status, created_by: 'Frank Field' });
    }
    const [first] = (await office.get(`/api/help/${t.id}/updates/`)).body as Row[];
    const put = await office.put(`/api/help/updates/${first.id}/`, { ...first, update: 'Edited', update_status: 'Done' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ update: 'Edited', update_status: 'Done', created_by: 'Frank Field' });
    expect((await detail(t.id)).latest_update).toMatchObject({ text: 'Now - Meeting Requested', by: 'Frank Field', status: '- Meeting Requested' });
    const before = await eventCount();
    expectInvalid(await office.post(`/api/help/${t.id}/updates/`, { update: 'x', update_status: 'Closed' }), 'update_status');
    expectInvalid(await office.put(`/api/help/updates/${first.id}/`, { update_status: 'Later' }), 'update_status');
    expect(await eventCount()).toBe(before);
    expect((await office.del(`/api/help/updates/${first.id}/`)).status).toBe(200);
    expect((await detail(t.id)).update_count).toBe(HELP_UPDATE_STATUSES.length - 1);
  });

  it('given a file, when deleted, then it is gone from the ticket and its download; deleting it again and an upload without a file write nothing', async () => {
    const t = await raise();
    const f = (await attach(t.id, 'screen.png.txt', 'pixels')).body as Row;
    expect((await office.del(`/api/help/files/${f.id}/`)).status).toBe(200);
    expect(await detail(t.id)).toMatchObject({ files: [], file_count: 0 });
    expect((await office.get(f.file)).status).toBe(404);
    const before = await eventCount();
    expect([404, 410]).toContain((await office.del(`/api/help/files/${f.id}/`)).status);
    const none = new FormData();
    none.set('file_name', 'nothing.txt');
    expectInvalid(await office.post(`/api/help/${t.id}/files/`, none), 'file');
    expect(await eventCount()).toBe(before);
  });
});

describe('editing a ticket', () => {
  it('given a ticket, when its whole detail is PUT back edited, then 200, the change kept, computed fields and lines ignored', async () => {
    const t = await raise();
    const whole = await detail(t.id);
    const r = await office.put(`/api/help/${t.id}/`, { ...whole, priority: 'Critical', our_status: 'Read', awaiting: 'submitter', update_count: 9, submitted_by_name: 'Nobody', updates: [{ update: 'x' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ priority: 'Critical', our_status: 'Read', awaiting: 'office', update_count: 0, submitted_by_name: 'Office User' });
    expect((await detail(t.id)).updates).toEqual([]);
  });

  it('given two users holding the same version, when each changes another field, then both are kept; the same field changed again from the old version is 409 naming it, nothing written', async () => {
    const t = await raise();
    expect((await office.put(`/api/help/${t.id}/`, { ...t, priority: 'Urgent' })).status).toBe(200);
    const theirs = await frank.put(`/api/help/${t.id}/`, { ...t, our_status: 'Working on It' });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(await detail(t.id)).toMatchObject({ priority: 'Urgent', our_status: 'Working on It' });
    const before = await eventCount();
    const clash = await frank.put(`/api/help/${t.id}/`, { ...t, priority: 'Low' });
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    expect(clash.body.conflicts).toEqual([expect.objectContaining({ field: 'priority', yours: 'Low', theirs: 'Urgent', by: 'Office User' })]);
    expect(await eventCount()).toBe(before);
  });

  it('given every status of spec 3 section 4, when saved, then each stands', async () => {
    const t = await raise();
    for (const our_status of HELP_OUR_STATUSES) expect((await office.put(`/api/help/${t.id}/`, { our_status })).body.our_status).toBe(our_status);
    for (const submitter_status of HELP_SUBMITTER_STATUSES.filter((s) => s !== 'Closed')) expect((await office.put(`/api/help/${t.id}/`, { submitter_status })).body).toMatchObject({ submitter_status, archived: false });
    expect((await office.put(`/api/help/${t.id}/`, { ticket_status: 'Open' })).body).toMatchObject({ ticket_status: 'Open', archived: false });
  });
});

describe('closing archives', () => {
  it('given a ticket, when saved with submitter status Closed, then archived in the same change: gone from the active list, shown with the archived toggle', async () => {
    const t = await raise({ subject: 'Closing by submitter' });
    const r = await office.put(`/api/help/${t.id}/`, { ...t, submitter_status: 'Closed' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ submitter_status: 'Closed', archived: true, awaiting: null });
    const h = (await office.get(`/api/help/${t.id}/history/`)).body as Row[];
    expect(h.at(-1)!.changes).toEqual(expect.arrayContaining([{ field: 'submitter_status', old: 'New', new: 'Closed' }, { field: 'archived', old: false, new: true }]));
    expect(ids((await office.list('/api/help/?q=closing+by+submitter')).body)).toEqual([]);
    expect(ids((await office.list('/api/help/?q=closing+by+submitter&active=f&archived=t')).body)).toEqual([t.id]);
    expect(ids((await office.list('/api/help/?q=closing+by+submitter&active=t&archived=t')).body)).toEqual([t.id]);
  });

  it('given a ticket, when saved with ticket status Closed, then archived; raised Closed is archived at once; reopening leaves the archive as it is', async () => {
    const t = await raise();
    expect((await office.put(`/api/help/${t.id}/`, { ticket_status: 'Closed' })).body).toMatchObject({ ticket_status: 'Closed', archived: true });
    expect((await office.put(`/api/help/${t.id}/`, { ticket_status: 'Open' })).body).toMatchObject({ ticket_status: 'Open', archived: true });
    expect((await office.put(`/api/help/${t.id}/`, { archived: false })).body.archived).toBe(false);
    expect(await raise({ ticket_status: 'Closed' })).toMatchObject({ archived: true });
  });
});

describe('history, as-of and delete', () => {
  it('given edits and an update at two times, then history lists each with who and the fields changed, and as_of shows the ticket as it stood', async () => {
    const t = await raise({ priority: 'Low' });
    const raised = t.last_updated;
    later(2);
    await frank.put(`/api/help/${t.id}/`, { priority: 'Critical', our_status: 'Read' });
    await frank.post(`/api/help/${t.id}/updates/`, { update: 'Read it' });
    const h = (await office.get(`/api/help/${t.id}/history/`)).body as Row[];
    expect(h[0]).toMatchObject({ type: 'HelpTicketRaised', user_name: 'Office User' });
    expect(h[1]).toMatchObject({ type: 'HelpTicketRevised', user_name: 'Frank Field', at: new Date(clock).toISOString() });
    expect(h[1].changes).toEqual(expect.arrayContaining([{ field: 'priority', old: 'Low', new: 'Critical' }, { field: 'our_status', old: 'New', new: 'Read' }]));
    expect(h).toHaveLength(3);
    const then = await office.get(`/api/help/${t.id}/?as_of=${encodeURIComponent(raised)}`);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ priority: 'Low', our_status: 'New', updates: [] });
    expect((await office.get(`/api/help/${t.id}/?as_of=2026-01-01T00:00:00Z`)).status).toBe(404);
  });

  it('given a ticket, when deleted, then gone from the detail and the list; deleting, saving or adding to it again writes nothing', async () => {
    const t = await raise({ subject: 'Delete me please' });
    expect((await office.del(`/api/help/${t.id}/`)).status).toBe(200);
    expect((await office.get(`/api/help/${t.id}/`)).status).toBe(404);
    expect(ids((await office.list('/api/help/?q=delete+me+please&active=t&archived=t')).body)).toEqual([]);
    const before = await eventCount();
    expect((await office.del(`/api/help/${t.id}/`)).status).toBe(404);
    expect((await office.put(`/api/help/${t.id}/`, { subject: 'Back' })).status).toBe(404);
    expect((await office.post(`/api/help/${t.id}/updates/`, { update: 'Back' })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('who a ticket awaits: the navigation count', () => {
  it('given a ticket Sally raises, when our status moves, then the office users see it until answered and Sally sees it while it awaits her', async () => {
    const sally = await office.addColleague('Sally Submitter');
    const [sally0, frank0] = [await awaitingCount(sally), await awaitingCount(frank)];
    const t = await raise({ subject: 'Need a new crew column' }, sally);
    expect(t.awaiting).toBe('office');
    expect(await awaitingCount(sally)).toEqual(sally0);
    expect(await awaitingCount(frank, sally)).toMatchObject({ office: frank0.office + 1, count: frank0.count + 1 });

    await frank.put(`/api/help/${t.id}/`, { our_status: 'Awaiting Submitter Response' });
    expect(await awaitingCount(sally, frank)).toMatchObject({ submitter: sally0.submitter + 1, count: sally0.count + 1 });
    expect(await awaitingCount(frank)).toEqual(frank0);

    await sally.put(`/api/help/${t.id}/`, { our_status: 'Working on It', submitter_status: 'Awaiting Admin Response' });
    expect(await awaitingCount(sally)).toEqual(sally0);
    expect((await awaitingCount(frank, sally)).office).toBe(frank0.office + 1);

    await frank.put(`/api/help/${t.id}/`, { our_status: 'Done' });
    expect(await awaitingCount(frank)).toEqual(frank0);
    await frank.put(`/api/help/${t.id}/`, { our_status: 'Read' });
    await sally.put(`/api/help/${t.id}/`, { submitter_status: 'Closed' });
    expect(await awaitingCount(frank, sally)).toEqual(frank0);
    expect(await awaitingCount(sally)).toEqual(sally0);
  });

  it("given the rival's tickets, then the office's count does not include them", async () => {
    const frank0 = await awaitingCount(frank);
    await raise({ subject: 'Rival question' }, rival);
    expect(await awaitingCount(frank, rival)).toEqual(frank0);
    expect((await awaitingCount(rival)).office).toBe(0);
  });
});

describe('the help list', () => {
  it('given tickets of several statuses, priorities and types, when filtered by each, then only those match', async () => {
    const tag = 'flt';
    const a = await raise({ subject: `${tag} a`, priority: 'Urgent', ticket_type: 'Billing Issue' });
    const b = await raise({ subject: `${tag} b`, priority: 'Low', ticket_type: 'Kudos!', ticket_status: 'Open' });
    const c = await raise({ subject: `${tag} c`, priority: 'Urgent', ticket_type: 'Kudos!' });
    const read = async (q: string) => ids((await office.list(`/api/help/?q=${tag}&${q}`)).body);
    expect(await read('ordering=-id')).toEqual([c.id, b.id, a.id]);
    expect(await read('priority=Urgent')).toEqual([c.id, a.id]);
    expect(await read('ticket_type=Kudos!')).toEqual([c.id, b.id]);
    expect(await read('ticket_status=Open')).toEqual([b.id]);
    expect((await read('ordering=priority'))[0]).toBe(b.id);
    expect((await read('ordering=-priority')).at(-1)).toBe(b.id);
    expectInvalid(await office.get('/api/help/?priority=Whenever'), 'priority');
  });

  it('given a dozen tickets, when read five at a time, then pages of 5, 5 and 2 with the count and next', async () => {
    for (let i = 0; i < 12; i++) await raise({ subject: `paged ${String(i).padStart(2, '0')}` });
    const p1 = await office.list('/api/help/?q=paged&ordering=subject&page_size=5&page=1');
    expect(p1.body).toMatchObject({ count: 12, previous: null });
    expect(p1.body.results.map((r: Row) => r.subject)).toEqual(['paged 00', 'paged 01', 'paged 02', 'paged 03', 'paged 04']);
    const p2 = await office.get(p1.body.next);
    expect(p2.body.results).toHaveLength(5);
    const p3 = await office.get(p2.body.next);
    expect(p3.body.results.map((r: Row) => r.subject)).toEqual(['paged 10', 'paged 11']);
    expect(p3.body.next).toBeNull();
  });

  it('given a search, then it finds a ticket by its subject, its description, the submitter and its latest update', async () => {
    const t = await raise({ subject: 'Search target', description: 'The zebra crossing layer is missing' }, frank);
    await office.post(`/api/help/${t.id}/updates/`, { update: 'Fixed in the quokka build' });
    for (const q of ['target', 'zebra', 'frank', 'quokka']) expect(ids((await office.list(`/api/help/?q=${q}`)).body), q).toContain(t.id);
  });

  it('given tickets raised 40 days apart, when a range is sent or saved, then the list narrows to it (a ticket spans creation to completion, open-ended without one); the saved dates apply when the query names none', async () => {
    const old = await raise({ subject: 'ranged old', completion_date: new Date(clock + 5 * 86_400_000).toISOString().slice(0, 10) });
    const open = await raise({ subject: 'ranged open' });
    later(24 * 40);
    const fresh = await raise({ subject: 'ranged fresh' });
    const day = new Date(clock).toISOString().slice(0, 10);
    expect(ids((await office.list(`/api/help/?q=ranged&start_date=${day}&end_date=${day}`)).body)).toEqual([fresh.id, open.id]);
    const saved = await office.put('/api/help/search_dates/', { start_date: old.created_at.slice(0, 10), end_date: old.created_at.slice(0, 10) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await office.get('/api/help/search_dates/')).body).toMatchObject({ start_date: old.created_at.slice(0, 10), end_date: old.created_at.slice(0, 10) });
    expect(ids((await office.list('/api/help/?q=ranged')).body)).toEqual([open.id, old.id]);
    // Frank's saved dates are his own.
    expect(ids((await frank.list('/api/help/?q=ranged')).body)).toEqual([fresh.id, open.id, old.id]);
    expect((await office.put('/api/help/search_dates/', { start_date: null, end_date: null })).status).toBe(200);
    expectInvalid(await office.put('/api/help/search_dates/', { start_date: '11/24/2026' }), 'start_date');
  });
});

describe('bad input', () => {
  it('given values outside the lists or the wrong shape, then 400 names the field and nothing is written', async () => {
    const t = await raise();
    const before = await eventCount();
    expectInvalid(await office.post('/api/help/', { ticket_status: 'Pending' }), 'ticket_status');
    expectInvalid(await office.post('/api/help/', { ticket_type: 'Complaint' }), 'ticket_type');
    expectInvalid(await office.post('/api/help/', { priority: 'High' }), 'priority');
    expectInvalid(await office.post('/api/help/', { submitter_mood: 'Angry' }), 'submitter_mood');
    expectInvalid(await office.post('/api/help/', { subject: 'x'.repeat(301) }), 'subject');
    expectInvalid(await office.put(`/api/help/${t.id}/`, { our_status: 'Closed' }), 'our_status');
    expectInvalid(await office.put(`/api/help/${t.id}/`, { submitter_status: 'Done' }), 'submitter_status');
    expectInvalid(await office.put(`/api/help/${t.id}/`, { completion_date: '12/01/2026' }), 'completion_date');
    expectInvalid(await office.put(`/api/help/${t.id}/`, { archived: 'maybe' }), 'archived');
    expectInvalid(await office.post(`/api/help/${t.id}/updates/`, { update: 'x'.repeat(10_001) }), 'update');
    expect(await eventCount()).toBe(before);
    expect(await detail(t.id)).toMatchObject({ version: t.version, our_status: 'New' });
  });
});

describe("another account's tickets", () => {
  it('given an office ticket with an update and a file, then the rival gets 404 on every call, nothing is written, and its list and count hold none of them', async () => {
    const t = await raise({ subject: 'Private question' });
    const u = (await office.post(`/api/help/${t.id}/updates/`, { update: 'Private' })).body as Row;
    const f = (await attach(t.id, 'private.txt', 'secret')).body as Row;
    const before = await eventCount();
    const calls = [
      rival.get(`/api/help/${t.id}/`),
      rival.get(`/api/help/${t.id}/history/`),
      rival.put(`/api/help/${t.id}/`, { subject: 'Theirs' }),
      rival.del(`/api/help/${t.id}/`),
      rival.get(`/api/help/${t.id}/updates/`),
      rival.post(`/api/help/${t.id}/updates/`, { update: 'Theirs' }),
      rival.put(`/api/help/updates/${u.id}/`, { update: 'Theirs' }),
      rival.del(`/api/help/updates/${u.id}/`),
      rival.get(`/api/help/${t.id}/files/`),
      attach(t.id, 'theirs.txt', 'x', 'text/plain', 'log', rival),
      rival.del(`/api/help/files/${f.id}/`),
      rival.get(f.file),
    ];
    for (const r of await Promise.all(calls)) expect(r.status, JSON.stringify(r.body)).toBe(404);
    expect(await eventCount()).toBe(before);
    expect(ids((await rival.list('/api/help/?q=private&active=t&archived=t')).body)).toEqual([]);
    expect(await detail(t.id)).toMatchObject({ subject: 'Private question', update_count: 1, file_count: 1 });
  });
});
