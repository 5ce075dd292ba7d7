/**
 * Sign-up limited (docs/accounts.md): mails per email and per client address, and wrong confirmation
 * codes per client address, each a few free, then a 429 with Retry-After and lockouts that double.
 * Its counters are its own: signing up for someone's address never locks their sign-in, and the
 * limit answers alike whether the address has an account or not. Client addresses come from
 * X-Forwarded-For (trusted from loopback only), so each test has addresses of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.ts';
import { addressesIn, uniqueEmail, rowCount, sleep } from './support.ts';
import { Client, type Res } from '../support/client.ts';
import { mailTo, signupCode } from '../support/mail.ts';
import { argon2Work } from '@trenchline/api/areas/auth/passwords.ts';
import { launchChromium, newPage } from '../support/browser.ts';

const PASSWORD = 'correct horse battery';
const SIGN_UP = { free: { email: 2, address: 4 }, firstLockSeconds: 1, maxLockSeconds: 4, forgetAfterSeconds: 60 };
const WRONG_CODES = { free: { address: 3 }, firstLockSeconds: 1, maxLockSeconds: 4, forgetAfterSeconds: 60 };

let app: TestApp;
let db: pg.Pool;

beforeAll(async () => {
  app = await startTestApp('security_signup_limits', { projector: false, limits: { signUp: SIGN_UP, wrongCodes: WRONG_CODES } });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  db.on('error', () => undefined);
});
afterAll(async () => {
  await db?.end();
  await app?.stop();
});

/** A client address of its own (TEST-NET-3), so no other test's requests count against it. */
const newAddress = addressesIn('203.0.113.');
const count = (table: string) => rowCount(db, table);
const waitOut = (r: Res) => sleep(Number(r.headers.get('retry-after')) * 1000 + 150);

/** A browser-like client at one address: its sign-up and confirmation requests come from there. */
async function visitor(address: string) {
  const c = new Client(app.url);
  await c.get('/api/auth/me', { 'X-Forwarded-For': address });
  return {
    client: c,
    signUp: (email: string) => c.post('/api/auth/signup', { account_name: 'Red Dirt Fiber', display_name: 'Robin Okafor', email, password: PASSWORD }, { 'X-Forwarded-For': address }),
    confirm: (email: string, code: string, from = address) => c.post('/api/auth/signup/confirm', { email, code }, { 'X-Forwarded-For': from }),
  };
}

const signUpFrom = async (address: string, email: string) => (await visitor(address)).signUp(email);
/** A code that is not the one mailed (same length). */
const otherThan = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

function expectTooMany(r: Res, what: string) {
  expect(r.status).toBe(429);
  expect(r.body.error).toBe('too_many_attempts');
  const seconds = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  expect(r.body.message).toBe(`${what} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
  return seconds;
}

describe('sign-up mail limited per email', () => {
  it('given an email, when it is asked to sign up beyond its free mails (from anywhere), then a 429 says when to try again, and no mail, pending row or argon2 work follows', async () => {
    const email = uniqueEmail('bombed');
    for (let i = 0; i < SIGN_UP.free.email; i++) expect((await signUpFrom(newAddress(), email)).status).toBe(202);
    const [pending, hashes] = [await count('signup_confirmations'), argon2Work.hashes];
    expectTooMany(await signUpFrom(newAddress(), email), 'Too many sign-up requests.');
    expect((await mailTo(app.url, email)).length).toBe(SIGN_UP.free.email);
    expect(await count('signup_confirmations')).toBe(pending);
    expect(argon2Work.hashes).toBe(hashes);
  });

  it('given a locked email, when the lockout passes, then one more mail goes out and the next lockout is longer', async () => {
    const email = uniqueEmail('growing');
    for (let i = 0; i < SIGN_UP.free.email; i++) await signUpFrom(newAddress(), email);
    const first = await signUpFrom(newAddress(), email);
    const firstSeconds = expectTooMany(first, 'Too many sign-up requests.');
    await waitOut(first);
    expect((await signUpFrom(newAddress(), email)).status).toBe(202);
    expect(expectTooMany(await signUpFrom(newAddress(), email), 'Too many sign-up requests.')).toBeGreaterThan(firstSeconds);
    expect((await mailTo(app.url, email)).length).toBe(SIGN_UP.free.email + 1);
  });

  it('given requests for one email sent all at once, when they are answered, then only the free mails go out and the rest are 429s', async () => {
    const email = uniqueEmail('burst');
    const answers = await Promise.all([...Array(8)].map(() => signUpFrom(newAddress(), email)));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(SIGN_UP.free.email);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(8 - SIGN_UP.free.email);
    expect((await mailTo(app.url, email)).length).toBe(SIGN_UP.free.email);
  });

  it('given one email with an account and one without, when each is asked beyond its free mails, then the answers are the same', async () => {
    const taken = uniqueEmail('hasaccount');
    await Client.signUpAs(app.url, { account_name: 'Taken Co', display_name: 'Tess Taken', email: taken, password: PASSWORD });
    const fresh = uniqueEmail('noaccount');
    const answersFor = async (email: string) => {
      const rs: Res[] = [];
      for (let i = 0; i <= SIGN_UP.free.email; i++) rs.push(await signUpFrom(newAddress(), email));
      return rs.map((r) => ({ status: r.status, body: JSON.stringify(r.body).replace(email, 'EMAIL'), retryAfter: r.headers.get('retry-after') }));
    };
    // The taken address had one mail already (its own sign-up): the fresh one gets one too first.
    const forTaken = await answersFor(taken);
    expect(forTaken.map((a) => a.status)).toEqual([202, 429, 429]);
    await signUpFrom(newAddress(), fresh);
    const forFresh = await answersFor(fresh);
    expect(forFresh.map((a) => a.status)).toEqual([202, 429, 429]);
    expect(forFresh.map(({ status, body }) => ({ status, body: body.replace(/\d+ seconds?/, 'N seconds') }))).toEqual(
      forTaken.map(({ status, body }) => ({ status, body: body.replace(/\d+ seconds?/, 'N seconds') })),
    );
  });
});

describe('sign-up mail limited per client address', () => {
  it('given one address asking for many emails, when its free mails are used up, then it is refused for a new email while another address signs up', async () => {
    const address = newAddress();
    for (let i = 0; i < SIGN_UP.free.address; i++) expect((await signUpFrom(address, uniqueEmail(`spray${i}`))).status).toBe(202);
    const email = uniqueEmail('nextone');
    expectTooMany(await signUpFrom(address, email), 'Too many sign-up requests.');
    expect(await mailTo(app.url, email)).toEqual([]);
    expect((await signUpFrom(newAddress(), email)).status).toBe(202);
  });
});

describe('sign-up limits kept apart from sign-in', () => {
  it('given someone used up the sign-up mails of an address and of an account\'s email, when its owner signs in from that address, then it signs in', async () => {
    const email = uniqueEmail('owner');
    await Client.signUpAs(app.url, { account_name: 'Owner Co', display_name: 'Olive Owner', email, password: PASSWORD });
    const address = newAddress();
    for (let i = 0; i < SIGN_UP.free.address; i++) await signUpFrom(address, i === 0 ? email : uniqueEmail(`fill${i}`));
    for (let i = 0; i < SIGN_UP.free.email; i++) await signUpFrom(newAddress(), email);
    expectTooMany(await signUpFrom(address, email), 'Too many sign-up requests.');
    const owner = new Client(app.url);
    await owner.get('/api/auth/me');
    expect((await owner.post('/api/auth/login', { email, password: PASSWORD }, { 'X-Forwarded-For': address })).status).toBe(200);
  });
});

describe('wrong confirmation codes limited per client address', () => {
  it('given an address trying one wrong code on each of many sign-ups, when its free wrong codes are used up, then even a right code is refused there while another address confirms it', async () => {
    const guesser = newAddress();
    for (let i = 0; i < WRONG_CODES.free.address; i++) {
      const email = uniqueEmail(`row${i}`);
      const v = await visitor(newAddress());
      await v.signUp(email);
      const r = await v.confirm(email, otherThan(await signupCode(app.url, email)), guesser);
      expect(r.status).toBe(400);
      expect(r.body.fields).toEqual({ code: 'is wrong or has expired: sign up again for a new code' });
    }
    const email = uniqueEmail('lastrow');
    const v = await visitor(newAddress());
    await v.signUp(email);
    const code = await signupCode(app.url, email);
    const users = await count('users');
    expectTooMany(await v.confirm(email, code, guesser), 'Too many wrong confirmation codes.');
    expect(await count('users')).toBe(users);
    // A refused try leaves the row's own tries alone: the code still works from elsewhere.
    expect((await v.confirm(email, code, newAddress())).status).toBe(201);
  });

  it('given a few wrong codes from an address, when a right code is confirmed there, then it does not count, and the next wrong code is still a 400', async () => {
    const address = newAddress();
    const tryWrong = async () => {
      const email = uniqueEmail('miss');
      const v = await visitor(newAddress());
      await v.signUp(email);
      return v.confirm(email, otherThan(await signupCode(app.url, email)), address);
    };
    for (let i = 0; i < WRONG_CODES.free.address - 1; i++) expect((await tryWrong()).status).toBe(400);
    const email = uniqueEmail('hit');
    const v = await visitor(newAddress());
    await v.signUp(email);
    expect((await v.confirm(email, await signupCode(app.url, email), address)).status).toBe(201);
    expect((await tryWrong()).status).toBe(400);
    expect((await tryWrong()).status).toBe(429);
  });
});

describe('the sign-up page', () => {
  it('given an email whose free sign-ups are used up, when the user signs up on the page, then it shows "Sign-up paused" and when to try again', async () => {
    // Its own app with a long lock, so a slow browser start cannot outlast it.
    const paged = await startTestApp('security_signup_page', { web: true, projector: false, limits: { signUp: { ...SIGN_UP, firstLockSeconds: 120, maxLockSeconds: 120 } } });
    const browser = await launchChromium();
    try {
      const email = uniqueEmail('paused');
      const body = { account_name: 'Paused Co', display_name: 'Pat Paused', email, password: PASSWORD };
      const earlier = new Client(paged.url);
      await earlier.get('/api/auth/me'); // its CSRF cookie
      for (let i = 0; i < SIGN_UP.free.email; i++) expect((await earlier.post('/api/auth/signup', body)).status).toBe(202);
      const { page } = await newPage(browser, paged.url);
      await page.goto('/signup');
      await page.getByRole('textbox', { name: 'Account name' }).fill(body.account_name);
      await page.getByRole('textbox', { name: 'Your name' }).fill(body.display_name);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.locator('input[type=password]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByTestId('signup-error').filter({ hasText: /Too many sign-up requests\. Try again in \d+ seconds\./ }).waitFor();
      await page.getByText('Sign-up paused').waitFor();
      expect(new URL(page.url()).pathname).toBe('/signup');
    } finally {
      await browser.close();
      await paged.stop();
    }
  });
});
