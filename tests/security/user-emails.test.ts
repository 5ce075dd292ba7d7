/**
 * "Already registered" in Settings > Users (docs/accounts.md): kept, so an admin knows why a user
 * cannot be added, but limited per account and per client address, so a signed-in user cannot test
 * addresses one after another. A few 409s, then every add or email change answers the same 429 (with
 * Retry-After, lockouts that double) whether the email is taken or not, and nothing is written.
 * Client addresses come from X-Forwarded-For (trusted from loopback only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.ts';
import { addressesIn, uniqueEmail, rowCount, sleep } from './support.ts';
import { Client, type Res } from '../support/client.ts';

const PASSWORD = 'long enough pw';
const TAKEN_EMAILS = { free: { account: 2, address: 4 }, firstLockSeconds: 1, maxLockSeconds: 4, forgetAfterSeconds: 60 };
const TOO_MANY = 'Too many tries with emails that are already registered.';

let app: TestApp;
let db: pg.Pool;
/** An email some other account has. */
let taken: string;

beforeAll(async () => {
  // Every account here is signed up from 127.0.0.1: its sign-up limit is raised out of the way.
  app = await startTestApp('security_user_emails', { projector: false, limits: { takenEmails: TAKEN_EMAILS, signUp: { free: { address: 1000 } } } });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  db.on('error', () => undefined);
  const owner = await Client.signUp(app.url, 'Owner');
  taken = (await owner.get('/api/auth/me')).body.user.email;
});
afterAll(async () => {
  await db?.end();
  await app?.stop();
});

/** A client address of its own (TEST-NET-1), so no other test's answers count against it. */
const newAddress = addressesIn('192.0.2.');
const count = (table: string) => rowCount(db, table);

/** A new account's first user, whose requests come from `address`. */
async function admin(address = newAddress()) {
  const c = await Client.signUp(app.url, 'Admin');
  const from = { 'X-Forwarded-For': address };
  return {
    add: (email: string) => c.post('/api/settings/users/', { display_name: 'Casey Crew', email, password: PASSWORD }, from),
    edit: (id: string, body: object) => c.put(`/api/settings/users/${id}/`, body, from),
  };
}

function expectTooMany(r: Res) {
  expect(r.status).toBe(429);
  expect(r.body.error).toBe('too_many_attempts');
  const seconds = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  expect(r.body.message).toBe(`${TOO_MANY} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
  return seconds;
}

function expectAlreadyRegistered(r: Res) {
  expect(r.status).toBe(409);
  expect(r.body).toMatchObject({ error: 'already_exists', fields: { email: 'is already registered' } });
}

describe('adding users with emails already registered', () => {
  it('given an account, when it adds taken emails beyond its free answers, then a 429 says when to try again, for a free email too, and no user is added', async () => {
    const a = await admin();
    for (let i = 0; i < TAKEN_EMAILS.free.account; i++) expectAlreadyRegistered(await a.add(taken));
    const [users, events] = [await count('users'), await count('events')];
    const forTaken = await a.add(taken);
    const forFree = await a.add(uniqueEmail('free'));
    expectTooMany(forTaken);
    expectTooMany(forFree);
    // The same answer either way: a locked account learns nothing about the email.
    expect(forFree.body.message.replace(/\d+ seconds?/, 'N')).toBe(forTaken.body.message.replace(/\d+ seconds?/, 'N'));
    expect(await count('users')).toBe(users);
    expect(await count('events')).toBe(events);
  });

  it('given a locked account, when the lockout passes, then a free email is added, and the next taken one locks it for longer', async () => {
    const a = await admin();
    for (let i = 0; i < TAKEN_EMAILS.free.account; i++) await a.add(taken);
    const first = await a.add(taken);
    const firstSeconds = expectTooMany(first);
    await sleep(firstSeconds * 1000 + 150);
    expect((await a.add(uniqueEmail('after'))).status).toBe(201);
    expectAlreadyRegistered(await a.add(taken));
    expect(expectTooMany(await a.add(taken))).toBeGreaterThan(firstSeconds);
  });

  it('given users added with free emails, when there are more than the free answers, then none counts, and a taken email still answers 409', async () => {
    const a = await admin();
    for (let i = 0; i < TAKEN_EMAILS.free.account + 2; i++) expect((await a.add(uniqueEmail(`crew${i}`))).status).toBe(201);
    expectAlreadyRegistered(await a.add(taken));
  });

  it('given more colleagues than the free answers added all at once, when they are answered, then every one is added (only taken emails count)', async () => {
    const a = await admin();
    const answers = await Promise.all([...Array(TAKEN_EMAILS.free.account + 4)].map((_, i) => a.add(uniqueEmail(`burst${i}`))));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    expectAlreadyRegistered(await a.add(taken));
  });

  it('given taken emails sent all at once, when they are answered, then only the free answers are 409s and the rest are 429s', async () => {
    const a = await admin();
    const answers = await Promise.all([...Array(6)].map(() => a.add(taken)));
    expect(answers.filter((r) => r.status === 409)).toHaveLength(TAKEN_EMAILS.free.account);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(6 - TAKEN_EMAILS.free.account);
  });
});

describe('changing a user\'s email to one already registered', () => {
  it('given an account, when it changes a user\'s email to taken ones beyond its free answers, then a 429, for a free email too, and the email stays', async () => {
    const a = await admin();
    const user = (await a.add(uniqueEmail('edited'))).body as { id: string; email: string };
    for (let i = 0; i < TAKEN_EMAILS.free.account; i++) expectAlreadyRegistered(await a.edit(user.id, { email: taken }));
    expectTooMany(await a.edit(user.id, { email: taken }));
    expectTooMany(await a.edit(user.id, { email: uniqueEmail('elsewhere') }));
    // Edits that set no new email tell nothing about other accounts, so they go on.
    expect((await a.edit(user.id, { display_name: 'Casey Renamed', email: user.email })).status).toBe(200);
    const { rows } = await db.query('select email, display_name from users where id = $1', [user.id]);
    expect(rows[0]).toEqual({ email: user.email, display_name: 'Casey Renamed' });
  });
});

describe('limited per account and per client address', () => {
  it('given one locked account, when another account adds a taken email, then it gets its 409', async () => {
    const locked = await admin();
    for (let i = 0; i <= TAKEN_EMAILS.free.account; i++) await locked.add(taken);
    expectTooMany(await locked.add(taken));
    expectAlreadyRegistered(await (await admin()).add(taken));
  });

  it('given accounts made one after another at one client address, when together they use up its free answers, then a new account there is refused at once while one elsewhere gets its 409', async () => {
    const address = newAddress();
    const accounts = TAKEN_EMAILS.free.address / TAKEN_EMAILS.free.account;
    for (let n = 0; n < accounts; n++) {
      const a = await admin(address);
      for (let i = 0; i < TAKEN_EMAILS.free.account; i++) expectAlreadyRegistered(await a.add(taken));
    }
    expectTooMany(await (await admin(address)).add(taken));
    expectAlreadyRegistered(await (await admin()).add(taken));
  });
});
