import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { KEEP_FOR_MS, restorable, type KeptCache } from './persistCache';
import { keepQuery, runFieldSync, type FieldJob, type FieldSyncParts } from './fieldSync';
import { ME_KEY, ownerIn, ownerKey } from './owner';

const jobOf = (id: string): FieldJob => ({ id, account_job_number: `J-${id}`, version: 1, tasks: [{ ref: `t${id}`, taskId: '1.1' }] });

/** Parts answering from memory: user 7's jobs, of which '2' cannot be read (a 403); each area keeps the job's tasks under its own key. */
function parts(): FieldSyncParts {
  return {
    jobs: async (_qc, userId) => (userId === '7' ? ['1', '2', '3'] : []).map((id) => ({ id, account_job_number: `J-${id}` })),
    job: async (qc, ref) => {
      if (ref.id === '2') throw new Error('forbidden');
      return keepQuery(qc, { queryKey: ['record', `job-${ref.id}`], queryFn: async () => jobOf(ref.id) });
    },
    onJob: [(qc, job) => Promise.all(job.tasks.map((t) => keepQuery(qc, { queryKey: ['tickets', { task: t.ref }], queryFn: async () => [] })))],
    account: [(qc) => keepQuery(qc, { queryKey: ['catalog', 'crews'], queryFn: async () => ['Bore Crew 1'] })],
  };
}

describe('the field sync', () => {
  it('given three jobs of which one cannot be read, when a pass runs, then the other two and their parts are kept, with the account part', async () => {
    const qc = new QueryClient();
    expect(await runFieldSync(qc, parts(), '7')).toBe(2);
    expect(qc.getQueryData(['record', 'job-3'])).toMatchObject({ id: '3' });
    expect(qc.getQueryData(['tickets', { task: 't1' }])).toEqual([]);
    expect(qc.getQueryData(['tickets', { task: 't2' }])).toBeUndefined();
    expect(qc.getQueryData(['catalog', 'crews'])).toEqual(['Bore Crew 1']);
  });

  it('given a kept query, then it stays in the cache as long as the kept copy lives, not five minutes', async () => {
    const qc = new QueryClient();
    await runFieldSync(qc, parts(), '7');
    expect(qc.getQueryCache().find({ queryKey: ['record', 'job-1'] })?.gcTime).toBe(KEEP_FOR_MS);
  });

  it('given the pass stopped (signed out), then no job is kept after it', async () => {
    const qc = new QueryClient();
    expect(await runFieldSync(qc, parts(), '7', () => true)).toBe(0);
    expect(qc.getQueryData(['record', 'job-1'])).toBeUndefined();
  });
});

describe('whose cache it is', () => {
  const kept = (buster: string, savedAt: number): KeptCache => ({ buster, savedAt, state: { queries: [], mutations: [] } });

  it('given the signed-in user, then the owner is user id:account id; nobody signed in, none', () => {
    const qc = new QueryClient();
    expect(ownerIn(qc)).toBeNull();
    qc.setQueryData(ME_KEY, { id: '7', account_id: '3', email: 'fay@example.com' });
    expect(ownerIn(qc)).toBe('7:3');
    expect(ownerKey({ id: 7, account_id: 3 })).toBe('7:3');
    qc.setQueryData(ME_KEY, null);
    expect(ownerIn(qc)).toBeNull();
  });

  it("given a kept copy, then it is restored only for its owner and within a week: never another user's, an old one, or with nobody", () => {
    const now = Date.now();
    expect(restorable(kept('7:3', now - 1000), '7:3', now)).toBe(true);
    expect(restorable(kept('7:3', now), '8:3', now)).toBe(false);
    expect(restorable(kept('7:3', now), '7:4', now)).toBe(false);
    expect(restorable(kept('7:3', now - KEEP_FOR_MS - 1), '7:3', now)).toBe(false);
    expect(restorable(kept('7:3', now), null, now)).toBe(false);
    expect(restorable(undefined, '7:3', now)).toBe(false);
  });
});
