/**
 * Sign-up that does not reveal which emails have accounts (docs/accounts.md): it always answers 202
 * after the same work and mails the address, a code for a new one and a note for an existing one; the
 * code (kept only as a hash, an hour, a few tries) finishes the sign-up in the requester's own client.
 * Mail goes to the outbox here (no SMTP_URL); the SMTP adapter is checked against a small SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.ts';
import { uniqueEmail, rowCount } from './support.ts';
import { Client, type Res } from '../support/client.ts';
import { mailTo, signupCode } from '../support/mail.ts';
import { argon2Work } from '@trenchline/api/areas/auth/passwords.ts';
import { smtpMailer } from '@trenchline/api/platform/mail.ts';

const PASSWORD = 'correct horse battery';

let app: TestApp;
let db: pg.Pool;

beforeAll(async () => {
  // Every client here is 127.0.0.1: the per-address limits are raised so they stay out of these answers (signup-limits.test.ts tests them).
  app = await startTestApp('security_signup', { projector: false, limits: { signUp: { free: { address: 1000 } }, wrongCodes: { free: { address: 1000 } } } });
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  db.on('error', () => undefined);
});
afterAll(async () => {
  await db?.end();
  await app?.stop();
});

const count = (table: string) => rowCount(db, table);

async function visitor() {
  const c = new Client(app.url);
  await c.get('/api/auth/me');
  return c;
}

const askToSignUp = (c: Client, email: string, password = PASSWORD, account_name = 'Red Dirt Fiber') =>
  c.post('/api/auth/signup', { account_name, display_name: 'Robin Okafor', email, password });

const confirm = (c: Client, email: string, code: string) => c.post('/api/auth/signup/confirm', { email, code });

/** A code that is not the one mailed (same length). */
const otherThan = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

async function login(email: string, password: string) {
  const c = await visitor();
  return (await c.post('/api/auth/login', { email, password })).status;
}

describe('asking to sign up with a new address', () => {
  it('given a new address, when someone signs up, then the answer is 202 confirmation_sent, no account is made yet, and the address is mailed a code kept only as a hash', async () => {
    const email = uniqueEmail('new');
    const users = await count('users');
    const r = await askToSignUp(await visitor(), email);
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ status: 'confirmation_sent', message: `We sent a mail to ${email}. Enter the code from it to finish creating your account.` });
    expect(await count('users')).toBe(users);
    const mails = await mailTo(app.url, email);
    expect(mails.map((m) => m.kind)).toEqual(['signup_code']);
    const code = await signupCode(app.url, email);
    expect(mails[0].subject).toContain(code);
    const { rows } = await db.query('select code_hash from signup_confirmations where email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].code_hash).not.toContain(code);
  });

  it('given the mailed code, when the same client confirms it, then the account and user are made, it is signed in, and the code is used up', async () => {
    const email = uniqueEmail('confirmed');
    const c = await visitor();
    await askToSignUp(c, email, PASSWORD, 'Sooner Boring');
    const code = await signupCode(app.url, email);
    const r = await confirm(c, email, code);
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({ email, display_name: 'Robin Okafor', account_name: 'Sooner Boring' });
    expect((await c.get('/api/auth/me')).body.user.email).toBe(email);
    expect(await login(email, PASSWORD)).toBe(200);
    expect(Number((await db.query('select count(*) from signup_confirmations where email = $1', [email])).rows[0].count)).toBe(0);
    const again = await confirm(await visitor(), email, code);
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ code: 'is wrong or has expired: sign up again for a new code' });
  });
});

describe('asking to sign up with an address that has an account', () => {
  it('given an existing account, when someone signs up with its address, then the answer and the argon2 work equal a new address\'s, the address gets a note instead of a code, and nothing changes', async () => {
    const taken = uniqueEmail('taken');
    await Client.signUpAs(app.url, { account_name: 'Taken Co', display_name: 'Tess Taken', email: taken, password: PASSWORD });
    const fresh = uniqueEmail('fresh');
    const users = await count('users');
    const accounts = await count('accounts');

    const work = async (email: string) => {
      const before = { ...argon2Work };
      const r = await askToSignUp(await visitor(), email, 'an attacker password');
      return { r, hashes: argon2Work.hashes - before.hashes, verifications: argon2Work.verifications - before.verifications };
    };
    const forTaken = await work(taken);
    const forFresh = await work(fresh);
    expect(forTaken.r.status).toBe(202);
    expect(forTaken.r.body).toEqual({ ...forFresh.r.body, message: forFresh.r.body.message.replace(fresh, taken) });
    const headersOf = (r: Res) => [...r.headers.keys()].filter((k) => k !== 'date' && k !== 'etag').sort();
    expect(headersOf(forTaken.r)).toEqual(headersOf(forFresh.r));
    expect(forTaken.r.headers.getSetCookie().map((c) => c.split('=')[0]).sort()).toEqual(forFresh.r.headers.getSetCookie().map((c) => c.split('=')[0]).sort());
    expect({ hashes: forTaken.hashes, verifications: forTaken.verifications }).toEqual({ hashes: 2, verifications: 0 });
    expect({ hashes: forFresh.hashes, verifications: forFresh.verifications }).toEqual({ hashes: 2, verifications: 0 });

    const mails = await mailTo(app.url, taken);
    expect(mails.at(-1)).toMatchObject({ kind: 'signup_existing', subject: 'You already have a Trenchline account' });
    expect(mails.at(-1)!.body).not.toMatch(/\b\d{8}\b/);
    expect(await count('users')).toBe(users);
    expect(await count('accounts')).toBe(accounts);
    expect(await login(taken, PASSWORD)).toBe(200);
    expect(await login(taken, 'an attacker password')).toBe(401);
  });

  it('given an existing account, when someone asks to sign up with its address and guesses a code, then the answer is the same wrong-code 400 as for a new address', async () => {
    const taken = uniqueEmail('guessed');
    await Client.signUpAs(app.url, { account_name: 'Guessed Co', display_name: 'Gus Guessed', email: taken, password: PASSWORD });
    const attacker = await visitor();
    await askToSignUp(attacker, taken, 'an attacker password');
    const before = argon2Work.verifications;
    const r = await confirm(attacker, taken, '12345678');
    expect(argon2Work.verifications - before).toBe(1);
    const fresh = uniqueEmail('guessedfresh');
    const other = await visitor();
    await askToSignUp(other, fresh);
    const wrong = await confirm(other, fresh, otherThan(await signupCode(app.url, fresh)));
    expect(argon2Work.verifications - before).toBe(2);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(wrong.body);
  });
});

describe('confirming', () => {
  it('given a code, when wrong codes are tried until the tries run out, then even the right code is refused and nothing is made', async () => {
    const email = uniqueEmail('tries');
    const c = await visitor();
    await askToSignUp(c, email);
    const code = await signupCode(app.url, email);
    const users = await count('users');
    for (let i = 0; i < 5; i++) {
      const r = await confirm(c, email, otherThan(code));
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('invalid');
      expect(Object.keys(r.body.fields)).toEqual(['code']);
    }
    expect((await confirm(c, email, code)).status).toBe(400);
    expect(await count('users')).toBe(users);
  });

  it('given a code older than an hour, when it is confirmed, then it is refused and nothing is made', async () => {
    const email = uniqueEmail('late');
    const c = await visitor();
    await askToSignUp(c, email);
    const code = await signupCode(app.url, email);
    await db.query(`update signup_confirmations set expires_at = now() - interval '1 second' where email = $1`, [email]);
    const r = await confirm(c, email, code);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('code');
    expect(await login(email, PASSWORD)).toBe(401);
  });

  it('given the owner\'s sign-up and then someone else\'s for the same address, when the owner confirms their code, then the account has the owner\'s password, and the other client cannot use that code', async () => {
    const email = uniqueEmail('owner');
    const owner = await visitor();
    await askToSignUp(owner, email, 'the owner password');
    const ownersCode = await signupCode(app.url, email);
    const attacker = await visitor();
    await askToSignUp(attacker, email, 'an attacker password', 'Attacker Co');
    expect((await confirm(attacker, email, ownersCode)).status).toBe(400);
    const r = await confirm(owner, email, ownersCode);
    expect(r.status).toBe(201);
    expect(r.body.user.account_name).toBe('Red Dirt Fiber');
    expect(await login(email, 'the owner password')).toBe(200);
    expect(await login(email, 'an attacker password')).toBe(401);
  });

  it('given a code, when another client (without the requester\'s cookie) confirms it, then it is refused', async () => {
    const email = uniqueEmail('elsewhere');
    await askToSignUp(await visitor(), email);
    const r = await confirm(await visitor(), email, await signupCode(app.url, email));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('code');
  });
});

describe('bad input', () => {
  it('given a bad email or a short password, when someone signs up, then a 400 names the field and no mail is sent', async () => {
    const mails = await count('mail_outbox');
    const pending = await count('signup_confirmations');
    const c = await visitor();
    const badEmail = await askToSignUp(c, 'not-an-email');
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ error: 'invalid', fields: { email: 'must be an email address' } });
    const short = await askToSignUp(c, uniqueEmail('short'), 'short');
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ password: 'must be at least 8 characters' });
    expect(await count('mail_outbox')).toBe(mails);
    expect(await count('signup_confirmations')).toBe(pending);
  });

  it('given a code that is not 8 digits, when it is confirmed, then a 400 names the code', async () => {
    const r = await confirm(await visitor(), uniqueEmail('digits'), '12ab');
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ code: 'must be the 8 digits from the mail' });
  });
});

/** Just enough of an SMTP server to receive mail: a real socket speaking the protocol. */
async function smtpServer() {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'));
            data = null;
            socket.write('250 queued\r\n');
          } else data.push(line);
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = [];
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { port: (server.address() as { port: number }).port, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail through SMTP', () => {
  it('given SMTP_URL, when the mailer sends a sign-up code, then the SMTP server receives it for the address', async () => {
    const smtp = await smtpServer();
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Trenchline <no-reply@example.com>');
    try {
      await mailer.send({ to: 'robin@example.com', kind: 'signup_code', subject: 'Your Trenchline confirmation code: 12345678', text: 'Enter 12345678' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(/^To: robin@example\.com$/m);
      expect(smtp.messages[0]).toMatch(/^Subject: Your Trenchline confirmation code: 12345678$/m);
      expect(smtp.messages[0]).toMatch(/^X-Trenchline-Mail: signup_code$/m);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});
