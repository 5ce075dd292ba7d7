/**
 * Whose data the device keeps: the signed-in user of the account, as "user id:account id". It keys
 * the persisted query cache (its buster) and tags the outbox, so another user on a shared tablet
 * never sees or sends what is not theirs.
 */
import type { QueryClient } from '@tanstack/react-query';

/** The signed-in user's query (features/auth/api/me.ts); lib cannot import a feature, so its key is repeated here once. */
export const ME_KEY = ['auth', 'me'] as const;

/** The fields of the signed-in user that say whose data it is. */
export interface Owned {
  id: string | number;
  account_id: string | number;
}

export const ownerKey = (u: Owned) => `${u.id}:${u.account_id}`;

const isOwned = (v: unknown): v is Owned => typeof v === 'object' && v !== null && 'id' in v && 'account_id' in v;

/** The owner of what the query client holds: its signed-in user, or null when nobody is (or not yet known). */
export function ownerIn(qc: QueryClient): string | null {
  const me = qc.getQueryData(ME_KEY);
  return isOwned(me) ? ownerKey(me) : null;
}

/** localStorage: the owner of the cache kept on this device, read before the cache is (it is the buster). */
const DEVICE_OWNER = 'trenchline.offline-owner';

export const deviceOwner = () => safely(() => localStorage.getItem(DEVICE_OWNER));
export const setDeviceOwner = (owner: string | null) => safely(() => (owner ? localStorage.setItem(DEVICE_OWNER, owner) : localStorage.removeItem(DEVICE_OWNER)));

/** Storage may be refused (a locked-down browser): the app then simply keeps nothing. */
function safely<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}
