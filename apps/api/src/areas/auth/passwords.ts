/**
 * Argon2id for passwords and sign-up codes, with one rule: a check always costs one verification, even
 * when there is nothing to check against, so an unknown email takes the same work as a wrong password.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** How many argon2 hashes and verifications this process has done: lets tests see the work is the same. */
export const argon2Work = { hashes: 0, verifications: 0 };

/** Argon2id with the library's defaults (OWASP-level memory cost). */
export function hashSecret(secret: string): Promise<string> {
  argon2Work.hashes++;
  return hash(secret);
}

export const hashPassword = hashSecret;

// Made like any stored hash (same parameters, so the same cost), of a secret nobody knows.
let forNoOne: Promise<string> | undefined;
export const hashForNoOne = () => (forNoOne ??= hash(randomBytes(32).toString('hex')));

/** True when `secret` matches `stored`; with no stored hash it verifies against one nobody knows and says false. */
export async function verifySecret(stored: string | null | undefined, secret: string): Promise<boolean> {
  const against = stored ?? (await hashForNoOne());
  argon2Work.verifications++;
  const ok = await verify(against, secret).catch(() => false);
  return ok && stored != null;
}
