/**
 * Account users and account cancellation (docs/settings.md "Account users") over HTTP against the
 * real app: listing, adding, editing, deactivating (sessions and live connections end at once),
 * reactivating, and cancelling an account (every user's access ends; other accounts carry on).
 * Its own test app, so a cancelled account here cannot disturb the settings-*.test.ts files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

let app: TestApp;
let office: Client;
let officeId: string;
let rival: Client;
let db: pg.Pool;
const sockets: Socket[] = [];

const PASSWORD = 'long enough pw';
const eventCount = async () => Number((await db.query('select count(*) from events')).rows[0].count);
const userCount = async () => Number((await db.query('select count(*) from users')).rows[0].count);
const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 8)}@example.com`;

beforeAll(async () => {
  app = await startTestApp('api_account_users');
  office = await Client.signUp(app.url, 'Office');
  officeId = (await office.get('/api/auth/me')).body.user.id;
  rival = await Client.signUp(app.url, 'Rival');
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await db?.end();
  await app?.stop();
});

async function addUser(display_name: string, by = office, email = uniqueEmail(display_name.split(' ')[0].toLowerCase())) {
  const r = await by.post('/api/settings/users/', { display_name, email, password: PASSWORD });
  expect(r.status).toBe(201);
  return r.body as { id: string; email: string; display_name: string };
}

async function login(email: string, password = PASSWORD) {
  const c = new Client(app.url);
  await c.get('/api/auth/me');
  const r = await c.post('/api/auth/login', { email, password });
  return { client: c, status: r.status, error: (r.body as { error?: string } | undefined)?.error };
}

/** A Socket.IO connection of a signed-in client, resolved once connected. */
async function connect(c: Client) {
  const s = io(app.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.on('connect_error', reject);
    s.on('connect', () => resolve());
  });
  return s;
}
const disconnected = (s: Socket) => new Promise<string>((resolve) => (s.disconnected ? resolve('already') : s.once('disconnect', (why) => resolve(why))));

describe('listing users', () => {
  it('given active and inactive users, when job_account_users is read, then active ones only, with first and last names; /settings/users has everyone with created_at', async () => {
    const ann = await addUser('Ann Marie Active');
    const dan = await addUser('Dan Gone');
    expect((await office.put(`/api/settings/users/${dan.id}/`, { active: false })).status).toBe(200);

    const job = await office.get('/api/jobs/job_account_users/');
    expect(job.status).toBe(200);
    const a = job.body.find((u: { id: string }) => u.id === ann.id);
    expect(a).toMatchObject({ id: ann.id, display_name: 'Ann Marie Active', first_name: 'Ann Marie', last_name: 'Active', email: ann.email, active: true });
    expect(a).not.toHaveProperty('password_hash');
    expect(job.body.map((u: { id: string }) => u.id)).not.toContain(dan.id);
    expect(job.body.map((u: { id: string }) => u.id)).toContain(officeId);

    const all = (await office.get('/api/settings/users/')).body;
    expect(all.find((u: { id: string }) => u.id === dan.id)).toMatchObject({ display_name: 'Dan Gone', last_name: 'Gone', active: false, created_at: expect.any(String) });
    const names = all.map((u: { display_name: string }) => u.display_name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('given two accounts, when each lists its users, then neither sees the other\'s', async () => {
    const mine = (await office.get('/api/settings/users/')).body.map((u: { id: string }) => u.id);
    const theirs = (await rival.get('/api/settings/users/')).body.map((u: { id: string }) => u.id);
    expect(theirs.some((id: string) => mine.includes(id))).toBe(false);
    expect((await rival.get('/api/jobs/job_account_users/')).body.map((u: { id: string }) => u.id)).not.toContain(officeId);
  });
});

describe('adding users', () => {
  it('given a user, when another user is added, then 201 with the user (e-mail lower case), they can log in, and the settings history names them', async () => {
    const email = uniqueEmail('Nina.New').replace('nina', 'NINA');
    const r = await office.post('/api/settings/users/', { display_name: ' Nina New ', email, password: PASSWORD });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ display_name: 'Nina New', first_name: 'Nina', last_name: 'New', email: email.toLowerCase(), active: true, version: expect.any(Number) });
    expect(r.body.id).toMatch(/^\d+$/);
    expect(r.body).not.toHaveProperty('password');
    expect(r.body).not.toHaveProperty('password_hash');
    const { client, status } = await login(email);
    expect(status).toBe(200);
    expect((await client.get('/api/auth/me')).body.user).toMatchObject({ id: r.body.id, account_name: 'Office Co' });
    // The new user works in the same account's records.
    expect((await client.get('/api/settings/users/')).body.map((u: { id: string }) => u.id)).toContain(officeId);
    const h = (await office.get('/api/settings/account/history/')).body;
    expect(h.find((e: { type: string; changes: { field: string; new: unknown }[] }) => e.type === 'AccountUserAdded' && e.changes.some((c) => c.field === 'user_id' && c.new === r.body.id))).toMatchObject({
      user_name: 'Office User',
      changes: expect.arrayContaining([{ field: 'email', old: null, new: email.toLowerCase() }]),
    });
  });

  it.each([
    [{ display_name: 'Bad Email', email: 'not-an-email', password: PASSWORD }, 'email'],
    [{ display_name: 'No Email', password: PASSWORD }, 'email'],
    [{ display_name: 'Short Pw', email: 'short.pw@example.com', password: 'seven77' }, 'password'],
    [{ display_name: 'No Pw', email: 'no.pw@example.com' }, 'password'],
    [{ display_name: '   ', email: 'blank.name@example.com', password: PASSWORD }, 'display_name'],
  ])('given a user, when a user is added with %j, then 400 naming %s and nothing is written', async (body, field) => {
    await office.get('/api/settings/account/');
    const [events, users] = [await eventCount(), await userCount()];
    const r = await office.post('/api/settings/users/', body);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid');
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(events);
    expect(await userCount()).toBe(users);
  });

  it('given a registered e-mail (in any account, in any case), when a user is added with it, then 409 naming email and nothing is written', async () => {
    const taken = await addUser('Terry Taken');
    const rivalEmail = (await rival.get('/api/auth/me')).body.user.email;
    await office.get('/api/settings/account/');
    const [events, users] = [await eventCount(), await userCount()];
    for (const email of [taken.email, taken.email.toUpperCase(), rivalEmail]) {
      const r = await office.post('/api/settings/users/', { display_name: 'Copy Cat', email, password: PASSWORD });
      expect(r.status).toBe(409);
      expect(r.body.fields).toHaveProperty('email');
    }
    expect(await eventCount()).toBe(events);
    expect(await userCount()).toBe(users);
  });
});

describe('editing users', () => {
  it('given a user, when renamed and given a new e-mail, then 200 and AccountUserRevised with old and new', async () => {
    const u = await addUser('Rita Rename');
    const email = uniqueEmail('rita.two');
    const r = await office.put(`/api/settings/users/${u.id}/`, { display_name: 'Rita Renamed', email });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: u.id, display_name: 'Rita Renamed', last_name: 'Renamed', email, active: true });
    const h = (await office.get('/api/settings/account/history/')).body;
    expect(h.at(-1)).toMatchObject({
      type: 'AccountUserRevised',
      changes: expect.arrayContaining([
        { field: 'display_name', old: 'Rita Rename', new: 'Rita Renamed' },
        { field: 'email', old: u.email, new: email },
      ]),
    });
    expect((await login(email)).status).toBe(200);
    expect((await login(u.email)).status).toBe(401);
  });

  it('given a user, when the password is changed, then the old one is refused, the new one works and the history says so (without the password)', async () => {
    const u = await addUser('Paul Password');
    const r = await office.put(`/api/settings/users/${u.id}/`, { password: 'a brand new secret' });
    expect(r.status).toBe(200);
    expect((await login(u.email)).status).toBe(401);
    expect((await login(u.email, 'a brand new secret')).status).toBe(200);
    const h = (await office.get('/api/settings/account/history/')).body;
    expect(h.at(-1).type).toBe('AccountUserPasswordChanged');
    expect(JSON.stringify(h)).not.toContain('a brand new secret');
  });

  it.each([
    [{ email: 'nope' }, 'email'],
    [{ password: 'short' }, 'password'],
    [{ active: 'no' }, 'active'],
    [{ display_name: '' }, 'display_name'],
  ])('given a user, when edited with %j, then 400 naming %s and nothing is written', async (body, field) => {
    const u = await addUser('Ed Edit');
    const before = await eventCount();
    const r = await office.put(`/api/settings/users/${u.id}/`, body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given two users, when one takes the other\'s e-mail, then 409 naming email and nothing is written', async () => {
    const a = await addUser('Abe Email');
    const b = await addUser('Bea Email');
    const before = await eventCount();
    const r = await office.put(`/api/settings/users/${b.id}/`, { email: a.email.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.body.fields).toHaveProperty('email');
    expect(await eventCount()).toBe(before);
    expect((await office.get('/api/settings/users/')).body.find((u: { id: string }) => u.id === b.id).email).toBe(b.email);
  });

  it('given another account\'s user, when edited or deactivated, then 404 and nothing is written; an unknown id is 404', async () => {
    const theirs = await addUser('Rex Rival', rival);
    await office.get('/api/settings/account/');
    const before = await eventCount();
    expect((await office.put(`/api/settings/users/${theirs.id}/`, { active: false })).status).toBe(404);
    expect((await office.put(`/api/settings/users/${theirs.id}/`, { display_name: 'Hijacked' })).status).toBe(404);
    expect((await office.put('/api/settings/users/abc/', { display_name: 'X' })).status).toBe(404);
    expect((await office.put('/api/settings/users/999999999/', { display_name: 'X' })).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await login(theirs.email)).status).toBe(200);
    expect((await rival.get('/api/settings/users/')).body.find((u: { id: string }) => u.id === theirs.id)).toMatchObject({ display_name: 'Rex Rival', active: true });
  });
});

describe('deactivating and reactivating', () => {
  it('given a signed-in user with a live connection, when deactivated, then their next request is 401 at once, the connection ends, and login is refused (403 user_deactivated)', async () => {
    const u = await addUser('Gail Gone');
    const { client, status } = await login(u.email);
    expect(status).toBe(200);
    expect((await client.get('/api/settings/crews/')).status).toBe(200);
    const socket = await connect(client);
    const ended = disconnected(socket);

    const r = await office.put(`/api/settings/users/${u.id}/`, { active: false });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: u.id, active: false });
    expect((await client.get('/api/settings/crews/')).status).toBe(401);
    expect((await client.post('/api/settings/crews/', { crew_name: 'Ghost Crew' })).status).toBe(401);
    expect(await ended).toBeTruthy();
    // The right password is told why it no longer lets them in.
    expect(await login(u.email)).toMatchObject({ status: 403, error: 'user_deactivated' });
    expect((await login(u.email, 'wrong password')).status).toBe(401);
    expect((await office.get('/api/jobs/job_account_users/')).body.map((x: { id: string }) => x.id)).not.toContain(u.id);
    expect((await office.get('/api/settings/account/history/')).body.at(-1)).toMatchObject({ type: 'AccountUserDeactivated', user_name: 'Office User' });
  });

  it('given a deactivated user, when reactivated, then they can log in again and are offered for jobs again', async () => {
    const u = await addUser('Rory Return');
    await office.put(`/api/settings/users/${u.id}/`, { active: false });
    expect((await login(u.email)).status).toBe(403);
    const r = await office.put(`/api/settings/users/${u.id}/`, { active: true });
    expect(r.status).toBe(200);
    expect(r.body.active).toBe(true);
    const { client, status } = await login(u.email);
    expect(status).toBe(200);
    expect((await client.get('/api/settings/crews/')).status).toBe(200);
    expect((await office.get('/api/jobs/job_account_users/')).body.map((x: { id: string }) => x.id)).toContain(u.id);
    expect((await office.get('/api/settings/account/history/')).body.at(-1)).toMatchObject({ type: 'AccountUserReactivated' });
  });

  it('given the signed-in user, when they deactivate themselves, then 400 naming active, nothing is written, and they stay signed in', async () => {
    await office.get('/api/settings/account/');
    const before = await eventCount();
    const r = await office.put(`/api/settings/users/${officeId}/`, { active: false });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('active');
    expect(await eventCount()).toBe(before);
    expect((await office.get('/api/auth/me')).status).toBe(200);
    expect((await office.get('/api/settings/users/')).body.find((u: { id: string }) => u.id === officeId).active).toBe(true);
  });

  it('given the signed-in user, when they rename themselves, then that is allowed', async () => {
    const r = await office.put(`/api/settings/users/${officeId}/`, { display_name: 'Office User' });
    expect(r.status).toBe(200);
  });
});

describe('cancelling the account', () => {
  it('given an account, when cancelled with the wrong confirmation, then 400 naming confirm, nothing is written and everyone carries on', async () => {
    await office.get('/api/settings/account/');
    const before = await eventCount();
    for (const confirm of ['office co', 'Wrong Co', '']) {
      const r = await office.post('/api/settings/account/cancel/', { confirm });
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty('confirm');
    }
    expect((await office.post('/api/settings/account/cancel/', {})).body.fields).toHaveProperty('confirm');
    expect(await eventCount()).toBe(before);
    expect((await office.get('/api/settings/account/')).body.cancelled_at).toBeNull();
    expect((await office.get('/api/auth/me')).status).toBe(200);
  });

  it('given an account with several signed-in users, when cancelled with its name, then every one of them is out at once, logins are refused (403 account_cancelled), and other accounts carry on', async () => {
    const owner = await Client.signUp(app.url, 'Doomed');
    const ownerEmail = (await owner.get('/api/auth/me')).body.user.email;
    const clerk = await addUser('Clara Clerk', owner);
    const { client: clerkClient } = await login(clerk.email);
    expect((await clerkClient.get('/api/settings/crews/')).status).toBe(200);
    const socket = await connect(clerkClient);
    const ended = disconnected(socket);

    const r = await owner.post('/api/settings/account/cancel/', { confirm: 'Doomed Co', reason: 'Retiring' });
    expect(r.status).toBe(200);
    expect(r.body.cancelled_at).toEqual(expect.any(String));
    expect(r.body.message).toMatch(/No refunds/);

    expect((await owner.get('/api/settings/crews/')).status).toBe(401);
    expect((await clerkClient.get('/api/settings/crews/')).status).toBe(401);
    expect(await ended).toBeTruthy();
    expect(await login(ownerEmail, 'correct horse battery')).toMatchObject({ status: 403, error: 'account_cancelled' });
    expect(await login(clerk.email)).toMatchObject({ status: 403, error: 'account_cancelled' });

    // Other accounts are untouched.
    expect((await office.get('/api/settings/users/')).status).toBe(200);
    expect((await office.post('/api/settings/crews/', { crew_name: 'Still Working Crew' })).status).toBe(201);
    expect((await rival.get('/api/auth/me')).status).toBe(200);
    expect((await office.get('/api/settings/account/')).body.cancelled_at).toBeNull();

    const h = await db.query(`select type, data from events where type = 'AccountCancelled'`);
    expect(h.rows).toHaveLength(1);
    expect(h.rows[0].data).toEqual({ reason: 'Retiring' });
  });
});
