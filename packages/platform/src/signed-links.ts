/**
 * Download links that work without a session, for one file until an expiry: HMAC-SHA256 over what the
 * link opens and its expiry, with a secret every api and worker share (LINK_SECRET, else one made at
 * first use and kept in app_secrets). The api checks them; the worker signs the links it mails.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

/** How long a mailed link opens its file. */
export const LINK_DAYS = 7;

export async function linkSecret(db: Knex): Promise<string> {
  if (process.env.LINK_SECRET) return process.env.LINK_SECRET;
  await db.raw('insert into app_secrets (name, value) values (?, ?) on conflict do nothing', ['link', randomBytes(32).toString('hex')]);
  return (await db('app_secrets').where({ name: 'link' }).first('value')).value;
}

const signatureOf = (secret: string, subject: string, expires: number) => createHmac('sha256', secret).update(`${subject}\n${expires}`).digest('hex');

/** The query of a link to `subject` (a stored file's id) that opens until `expires` (unix seconds). */
export function signLink(secret: string, subject: string, expires: number) {
  return { expires, signature: signatureOf(secret, subject, expires) };
}

/** 'ok', 'expired' (at `now`, past its expiry) or 'forged' (the signature is not ours for this subject and expiry). */
export function checkLink(secret: string, subject: string, expires: number, signature: string, now: Date): 'ok' | 'expired' | 'forged' {
  const want = Buffer.from(signatureOf(secret, subject, expires), 'hex');
  const got = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return 'forged';
  return now.getTime() / 1000 > expires ? 'expired' : 'ok';
}
