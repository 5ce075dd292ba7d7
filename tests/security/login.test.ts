/**
 * Sign-in that resists guessing (docs/accounts.md): limited per client address and per email with
 * lockouts that double, a clear 429 with Retry-After, the same work and answer for an unknown email as
 * for a wrong password, limits kept apart per deployment, and still no 500 when Redis is away.
 * Client addresses come from X-Forwarded-For (the api trusts it from loopback only), so each test has
 * its own address and none limits another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { REDIS_URL, deploymentKey } from '@trenchline/read-model';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.ts';
import { addressesIn, sleep } from './support.ts';
import { Client, type Res } from '../support/client.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { argon2Work, hashForNoOne } from '@trenchline/api/areas/auth/passwords.ts';
import { attemptLimits } from '@trenchline/api/platform/attempt-limits.ts';

const PASSWORD = 'correct horse battery';
const SIGN_IN = { free: { email: 3, address: 6 }, firstLockSeconds: 1, maxLockSeconds: 4, forgetAfterSeconds: 60 };
const LIMITS = { signIn: SIGN_IN };

let app: TestApp;
let db: pg.Pool;
let browser: Browser | undefined;

beforeAll(async () => {
  app = await startTestApp('security_login', { projector: false, limits: LIMITS });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  db.on('error', () => undefined);
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await app?.stop();
});

/** A client address of its own (TEST-NET-2), so no other test's failures count against it. */
const newAddress = addressesIn('198.51.100.');

async function newAccount(who: string) {
  const c = await Client.signUp(app.url, who);
  return { email: (await c.get('/api/auth/me')).body.user.email as string, password: PASSWORD };
}

async function attempt(email: string, password: string, address: string): Promise<Res> {
  const c = new Client(app.url);
  await c.get('/api/auth/me');
  return c.post('/api/auth/login', { email, password }, { 'X-Forwarded-For': address });
}

/** Waits out a 429's Retry-After. */
const waitOut = (r: Res) => sleep(Number(r.headers.get('retry-after')) * 1000 + 150);

function expectTooMany(r: Res) {
  expect(r.status).toBe(429);
  expect(r.body.error).toBe('too_many_attempts');
  const seconds = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
  expect(r.body.message).toBe(`Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
  return seconds;
}

describe('sign-in limited per email', () => {
  it('given an account, when its free tries are used up with wrong passwords, then even the right password is refused with a 429 saying when to try again', async () => {
    const { email, password } = await newAccount('Locked');
    const address = newAddress();
    for (let i = 0; i < SIGN_IN.free.email; i++) {
      const r = await attempt(email, 'wrong password', address);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: 'unauthenticated', message: 'Wrong email or password.' });
    }
    expectTooMany(await attempt(email, password, address));
    // The lock is the email's, not the address's: from elsewhere it is locked too.
    expectTooMany(await attempt(email, password, newAddress()));
  });

  it('given a locked account, when the lock passes and it fails again, then the next lock is longer, and after it the right password signs in', async () => {
    const { email, password } = await newAccount('Doubling');
    const address = newAddress();
    for (let i = 0; i < SIGN_IN.free.email; i++) await attempt(email, 'wrong password', address);
    const first = await attempt(email, password, address);
    const firstSeconds = expectTooMany(first);
    await waitOut(first);
    expect((await attempt(email, 'still wrong', address)).status).toBe(401);
    const second = await attempt(email, password, address);
    expect(expectTooMany(second)).toBeGreaterThan(firstSeconds);
    await waitOut(second);
    expect((await attempt(email, password, address)).status).toBe(200);
  });

  it('given some wrong passwords, when the right one signs in, then the email starts afresh', async () => {
    const { email, password } = await newAccount('Forgetful');
    const address = newAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGN_IN.free.email - 1; i++) expect((await attempt(email, 'wrong password', address)).status).toBe(401);
      expect((await attempt(email, password, address)).status).toBe(200);
    }
  });
});

describe('sign-in limited per client address', () => {
  it('given one address guessing many emails, when its free tries are used up, then it is refused for every email while other addresses sign in', async () => {
    const { email, password } = await newAccount('Sprayed');
    const address = newAddress();
    for (let i = 0; i < SIGN_IN.free.address; i++) {
      expect((await attempt(`nobody.${i}.${Date.now()}@example.com`, 'guess', address)).status).toBe(401);
    }
    expectTooMany(await attempt(email, password, address));
    expect((await attempt(email, password, newAddress())).status).toBe(200);
  });
});

describe('an unknown email and a wrong password', () => {
  it('given an account, when one client tries a wrong password and another an unknown email, then both get the same answer after one argon2 verification each', async () => {
    const { email } = await newAccount('Known');
    const before = argon2Work.verifications;
    const wrong = await attempt(email, 'wrong password', newAddress());
    expect(argon2Work.verifications - before).toBe(1);
    const unknown = await attempt(`unknown.${Date.now()}@example.com`, 'wrong password', newAddress());
    expect(argon2Work.verifications - before).toBe(2);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    const headersOf = (r: Res) => [...r.headers.keys()].filter((k) => k !== 'date' && k !== 'set-cookie' && k !== 'etag').sort();
    expect(headersOf(unknown)).toEqual(headersOf(wrong));
    expect(unknown.headers.get('content-length')).toBe(wrong.headers.get('content-length'));
  });

  it('given a stored password hash, when the hash nobody knows is compared with it, then it has the same argon2 parameters, so it costs the same to verify', async () => {
    await newAccount('Params');
    const { rows } = await db.query<{ password_hash: string }>('select password_hash from users limit 1');
    const parameters = (h: string) => h.split('$').slice(1, 4); // argon2id, v=19, m=...,t=...,p=...
    expect(parameters(await hashForNoOne())).toEqual(parameters(rows[0].password_hash));
    expect(parameters(rows[0].password_hash)[0]).toBe('argon2id');
  });

  it('given an unknown email, when its free tries are used up, then it is locked out exactly as an account is', async () => {
    const address = newAddress();
    const email = `ghost.${Date.now()}@example.com`;
    const before = argon2Work.verifications;
    for (let i = 0; i < SIGN_IN.free.email; i++) expect((await attempt(email, 'guess', address)).status).toBe(401);
    expectTooMany(await attempt(email, 'guess', address));
    // A locked-out attempt does no argon2 work, whoever the email belongs to.
    expect(argon2Work.verifications - before).toBe(SIGN_IN.free.email);
  });
});

describe('limits per deployment', () => {
  it('given two deployments sharing one Redis, when an email is locked in one, then the same email signs in to the other', async () => {
    const { email, password } = await newAccount('Shared');
    for (let i = 0; i < SIGN_IN.free.email; i++) await attempt(email, 'wrong password', newAddress());
    expectTooMany(await attempt(email, password, newAddress()));
    const other = await startTestApp('security_login_other', { projector: false, limits: LIMITS });
    try {
      await Client.signUpAs(other.url, { account_name: 'Other Co', display_name: 'Other User', email, password });
      const c = new Client(other.url);
      await c.get('/api/auth/me');
      expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});

describe('when Redis is away', () => {
  it('given no Redis server at the configured address, when an email fails its free tries, then the guard still locks it, from this process\'s memory', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const limits = attemptLimits({ redisUrl: `redis://127.0.0.1:${closed}`, deployment: 'no-redis-test', limits: LIMITS });
    try {
      // Wrong passwords: each try taken stays counted.
      const tries = [];
      for (let i = 0; i < SIGN_IN.free.email; i++) tries.push(await limits.signIn.take({ address: '192.0.2.1', email: 'someone@example.com' }));
      const refused = await limits.signIn.take({ address: '192.0.2.2', email: 'someone@example.com' }).then(() => null, (e: unknown) => e);
      expect(refused).toMatchObject({ status: 429, error: 'too_many_attempts' });
      // The right password after all: the email starts afresh.
      await tries.at(-1)!.forget(['email']);
      await limits.signIn.take({ address: '192.0.2.2', email: 'someone@example.com' });
    } finally {
      await limits.close();
    }
  });

  it('given the api\'s limiter connection cut, when clients keep signing in at once, then every answer is a 200, 401 or 429, never a 500', async () => {
    const { email, password } = await newAccount('Cut');
    const admin = new Redis(REDIS_URL);
    try {
      // Only this app's limiter connection: other test files share the Redis server.
      const name = `${deploymentKey(app.databaseUrl)}:limits`;
      const list = (await admin.client('LIST')) as string;
      const ours = list.split('\n').filter((l) => l.includes(` name=${name} `)).map((l) => l.match(/\bid=(\d+)/)![1]);
      expect(ours.length).toBe(1);
      const answers = await Promise.all(
        [...Array(12)].map(async (_, i) => {
          if (i === 0) await admin.client('KILL', 'ID', ours[0]);
          return (await attempt(email, i % 3 ? 'wrong password' : password, newAddress())).status;
        }),
      );
      expect(answers.every((s) => s === 200 || s === 401 || s === 429)).toBe(true);
    } finally {
      admin.disconnect();
    }
  });
});

describe('the sign-in page', () => {
  it('given a locked email, when the user signs in on the page, then it shows the message saying when to try again', async () => {
    // Its own app with a long lock, so a slow browser start cannot outlast it.
    const paged = await startTestApp('security_login_page', { web: true, projector: false, limits: { signIn: { ...SIGN_IN, firstLockSeconds: 120, maxLockSeconds: 120 } } });
    try {
      const c = await Client.signUp(paged.url, 'Paged');
      const email = (await c.get('/api/auth/me')).body.user.email as string;
      for (let i = 0; i < SIGN_IN.free.email; i++) expect((await c.post('/api/auth/login', { email, password: 'wrong password' })).status).toBe(401);
      browser = await launchChromium();
      const { page } = await newPage(browser, paged.url);
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.locator('input[type=password]').fill(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByTestId('login-error').filter({ hasText: /Too many sign-in attempts\. Try again in \d+ seconds\./ }).waitFor();
      await page.getByText('Sign-in paused').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await paged.stop();
    }
  });
});
