import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { restorable, signedInState } from './persistCache';
import { ME_KEY } from './owner';

describe('whose cache is kept', () => {
  it('given a page just loaded, before /auth/me has answered, then who is signed in is unknown (the kept copy is not forgotten)', () => {
    expect(signedInState(new QueryClient())).toBe('unknown');
  });

  it('given /auth/me answered a user, then someone; given it answered none or a sign-out set none, then nobody', () => {
    const qc = new QueryClient();
    qc.setQueryData(ME_KEY, { id: 7, account_id: 3 });
    expect(signedInState(qc)).toBe('someone');
    qc.setQueryData(ME_KEY, null);
    expect(signedInState(qc)).toBe('nobody');
  });

  it("given a kept copy, then it is restored only for its owner and only within the week it is worth keeping", () => {
    const kept = { buster: '7:3', savedAt: 1_000, state: { queries: [], mutations: [] } };
    expect(restorable(kept, '7:3', 2_000)).toBe(true);
    expect(restorable(kept, '8:3', 2_000)).toBe(false);
    expect(restorable(kept, null, 2_000)).toBe(false);
    expect(restorable(kept, '7:3', 1_000 + 8 * 24 * 3600_000)).toBe(false);
  });
});
