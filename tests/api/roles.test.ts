/**
 * Roles (docs/roles.md): the first user is admin; users get a role when added and may be given
 * another (AccountUserRoleChanged, in the settings history); the last admin is kept; only an admin
 * changes users; a field user sees only the jobs they are assigned to, without money; each event
 * records its author's role.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { app, office: admin, db, eventCount } = apiTest('api_roles');

type Row = Record<string, unknown>;

async function userOf(client: Client) {
  return (await client.get('/api/auth/me')).body.user as { id: string; role: string; display_name: string };
}

async function settingsHistory(client: Client) {
  return (await client.get('/api/settings/account/history/')).body as { type: string; user_id: string; changes: { field: string; old: unknown; new: unknown }[] }[];
}

describe('who is what', () => {
  it('given a sign-up, then its first user is admin, in /auth/me and in Settings > Users', async () => {
    const me = await userOf(admin);
    expect(me.role).toBe('admin');
    const users = (await admin.get('/api/settings/users/')).body as Row[];
    expect(users.find((u) => u.id === me.id)).toMatchObject({ role: 'admin' });
  });

  it('given an admin, when users are added with a role and without one, then each has it (office by default); an unknown role is 400 naming role and nothing is written', async () => {
    const auditor = await admin.addColleague('Ada Auditor', 'auditor');
    expect((await userOf(auditor)).role).toBe('auditor');
    const plain = await admin.post('/api/settings/users/', { display_name: 'Otto Office', email: `otto.${Date.now()}@example.com`, password: 'long enough pw' });
    expect(plain.status).toBe(201);
    expect(plain.body.role).toBe('office');
    const before = await eventCount();
    const bad = await admin.post('/api/settings/users/', { display_name: 'Bo Boss', email: `bo.${Date.now()}@example.com`, password: 'long enough pw', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('role');
    expect(await eventCount()).toBe(before);
  });

  it('given an office user, when the admin makes them an auditor, then AccountUserRoleChanged (office to auditor) is in the settings history, stamped with the admin\'s role, and their next request has the new role', async () => {
    const clerk = await admin.addColleague('Cleo Clerk', 'office');
    const id = (await userOf(clerk)).id;
    const r = await admin.put(`/api/settings/users/${id}/`, { role: 'auditor' });
    expect(r.status).toBe(200);
    expect(r.body.role).toBe('auditor');
    const entry = (await settingsHistory(admin)).find((e) => e.type === 'AccountUserRoleChanged');
    expect(entry?.changes).toEqual([{ field: 'role', old: 'office', new: 'auditor' }]);
    const meta = (await db.query(`select metadata as meta from events where type = 'AccountUserRoleChanged' order by global_position desc limit 1`)).rows[0].meta;
    expect(meta.role).toBe('admin');
    expect((await userOf(clerk)).role).toBe('auditor');
  });

  it('given the only admin, when they demote themselves, then 409 naming role and nothing is written; with a second admin they may, and then that admin is the last one', async () => {
    const me = await userOf(admin);
    const before = await eventCount();
    const alone = await admin.put(`/api/settings/users/${me.id}/`, { role: 'office' });
    expect(alone.status).toBe(409);
    expect(alone.body.fields).toHaveProperty('role');
    expect(await eventCount()).toBe(before);

    const second = await admin.addColleague('Sid Second', 'admin');
    const secondId = (await userOf(second)).id;
    expect((await second.put(`/api/settings/users/${me.id}/`, { role: 'office' })).status).toBe(200);
    expect((await userOf(admin)).role).toBe('office');
    const last = await second.put(`/api/settings/users/${secondId}/`, { role: 'field' });
    expect(last.status).toBe(409);
    expect(last.body.fields).toHaveProperty('role');
    // Back as it was, for the tests after this one.
    expect((await second.put(`/api/settings/users/${me.id}/`, { role: 'admin' })).status).toBe(200);
  });

  it('given an office user, when they add a user or change one, then 403 naming the role, and nothing is written', async () => {
    const clerk = await admin.addColleague('Olga Office', 'office');
    const me = await userOf(admin);
    const before = await eventCount();
    const add = await clerk.post('/api/settings/users/', { display_name: 'Nope', email: `nope.${Date.now()}@example.com`, password: 'long enough pw' });
    expect(add.status).toBe(403);
    expect(add.body).toMatchObject({ error: 'forbidden', role: 'office' });
    expect(add.body.message).toMatch(/^An office user cannot /);
    const change = await clerk.put(`/api/settings/users/${me.id}/`, { role: 'field' });
    expect(change.status).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});

describe('a field user', () => {
  it('given two jobs, one assigned to a field user, then their job list and reads are that job only, without money, and they may add a note to it but not to the other', async () => {
    const field = await admin.addColleague('Fran Field', 'field');
    const fieldUser = await userOf(field);
    const theirs = await admin.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Theirs', estimated_total: 1234.5 });
    const other = await admin.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Not theirs', estimated_total: 99 });
    expect([theirs.status, other.status]).toEqual([201, 201]);
    expect((await admin.post(`/api/jobs/${theirs.body.id}/assign_users/`, { user_to_be_assigned: (await field.get('/api/auth/me')).body.user.email })).status).toBe(201);
    await app.caughtUp();

    const list = await field.get('/api/jobs/?page=1');
    expect(list.status).toBe(200);
    expect(list.body.results.map((j: Row) => j.id)).toEqual([theirs.body.id]);
    expect(list.body.results[0]).not.toHaveProperty('total_job');
    // The same list as the admin has both, with their totals.
    const all = (await admin.get('/api/jobs/?page=1')).body.results as Row[];
    expect(all.map((j) => j.id)).toEqual(expect.arrayContaining([theirs.body.id, other.body.id]));
    expect(all[0]).toHaveProperty('total_job');

    const job = await field.get(`/api/jobs/${theirs.body.id}/`);
    expect(job.status).toBe(200);
    expect(job.body.title).toBe('Theirs');
    for (const money of ['estimated_total', 'total_job', 'total_gross_profit', 'job_operations_gross_profit', 'payout_pct_of_total', 'margin_actual']) expect(job.body).not.toHaveProperty(money);
    expect((await admin.get(`/api/jobs/${theirs.body.id}/`)).body.estimated_total).toBe(1234.5);

    const refused = await field.get(`/api/jobs/${other.body.id}/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'forbidden', role: 'field' });
    expect(refused.body.message).toMatch(/^A field user cannot see jobs/);

    expect((await field.post(`/api/jobs/${theirs.body.id}/notes/`, { note: 'Pothole at 3rd' })).status).toBe(201);
    const before = await eventCount();
    expect((await field.post(`/api/jobs/${other.body.id}/notes/`, { note: 'Nope' })).status).toBe(403);
    expect((await field.put(`/api/jobs/${theirs.body.id}/`, { title: 'Renamed' })).status).toBe(403);
    expect((await field.get('/api/bids/')).status).toBe(403);
    expect((await field.get(`/api/jobs/${theirs.body.id}/crew_payouts/`)).status).toBe(403);
    expect(await eventCount()).toBe(before);

    // Their history shows no money either.
    const history = (await field.get(`/api/jobs/${theirs.body.id}/history/`)).body as { changes: { field: string }[] }[];
    expect(history.flatMap((e) => e.changes.map((c) => c.field))).not.toContain('estimated_total');
    const note = (await db.query(`select metadata as meta from events where type like '%NoteAdded' order by global_position desc limit 1`)).rows[0]?.meta;
    expect(note).toMatchObject({ userId: fieldUser.id, role: 'field' });
  });

  it('given two numbered jobs, one assigned to a field user, when they look each up by number (as the job screen does), then theirs is found and the other is not', async () => {
    const field = await admin.addColleague('Lou Lookup', 'field');
    const email = (await field.get('/api/auth/me')).body.user.email;
    const theirs = await admin.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Looked up', account_job_number: 'LU-1' });
    const other = await admin.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Not theirs', account_job_number: 'LU-2' });
    expect((await admin.post(`/api/jobs/${theirs.body.id}/assign_users/`, { user_to_be_assigned: email })).status).toBe(201);

    const found = await field.get('/api/jobs/lookup/LU-1/');
    expect([found.status, found.body]).toEqual([200, { id: theirs.body.id, account_job_number: 'LU-1' }]);
    expect((await field.get(`/api/jobs/lookup/${theirs.body.id}/`)).body.id).toBe(theirs.body.id);
    for (const key of ['LU-2', other.body.id]) expect((await field.get(`/api/jobs/lookup/${key}/`)).status, key).toBe(404);
    expect((await admin.get('/api/jobs/lookup/LU-2/')).body.id).toBe(other.body.id);
  });
  it('given a job assigned to a field user with CIBE items, when they read its CIBE items (their production picker), then they get codes and quantities without prices or totals, may not change them, and another job\'s are refused', async () => {
    const field = await admin.addColleague('Cy Crew', 'field');
    const email = (await field.get('/api/auth/me')).body.user.email;
    const theirs = await admin.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'With CIBE' });
    const other = await admin.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'Not theirs' });
    expect((await admin.post(`/api/jobs/${theirs.body.id}/assign_users/`, { user_to_be_assigned: email })).status).toBe(201);
    const line = await admin.post(`/api/jobs/${theirs.body.id}/cibeitems/`, { issued_item_code: 'BORE-2', issued_item_description: '2in bore', issued_item_qty: '120', issued_item_price: '14.5' });
    expect(line.status).toBe(201);
    expect((await admin.post(`/api/jobs/${other.body.id}/cibeitems/`, { issued_item_code: 'X', issued_item_qty: 1, issued_item_price: 2 })).status).toBe(201);

    const read = await field.get(`/api/jobs/${theirs.body.id}/cibeitems/`);
    expect(read.status).toBe(200);
    const [item] = (Array.isArray(read.body) ? read.body : read.body.results) as Row[];
    expect(item).toMatchObject({ issued_item_code: 'BORE-2', issued_item_description: '2in bore', issued_item_qty: 120 });
    for (const money of ['issued_item_price', 'issued_item_total', 'CIBE_item_total']) expect(item).not.toHaveProperty(money);

    const before = await eventCount();
    expect((await field.put(`/api/jobs/cibeitems/${item.id}/`, { issued_item_qty: 1 })).status).toBe(403);
    expect((await field.post(`/api/jobs/${theirs.body.id}/cibeitems/`, { issued_item_code: 'NOPE' })).status).toBe(403);
    expect((await field.get(`/api/jobs/${other.body.id}/cibeitems/`)).status).toBe(403);
    expect((await field.get(`/api/jobs/${theirs.body.id}/cibe_emails/`)).status).toBe(403);
    expect(await eventCount()).toBe(before);
  });
});
