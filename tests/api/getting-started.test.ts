/**
 * A new account's first steps (issue 31; docs/screens.md "A new account is not a blank wall"): each
 * ticked from the account's real records, the panel hidden once dismissed (per user) or all done.
 */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import type { Client } from '../support/client.ts';

const { office, rival, eventCount } = apiTest('api_getting_started');

const steps = async (c: Client) => {
  const r = await c.get('/api/settings/getting_started/', c.lastPosition ? { 'X-Min-Position': c.lastPosition } : {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { show: r.body.show as boolean, done: Object.fromEntries((r.body.steps as { step: string; done: boolean }[]).map((s) => [s.step, s.done])) };
};

describe('getting started', () => {
  it('given a new account, when its steps are read, then none is done, the panel shows, and the read writes nothing (no counter is opened)', async () => {
    const before = await eventCount();
    expect(await steps(office)).toEqual({ show: true, done: { crews: false, customers: false, numbering: false, job: false } });
    expect(await eventCount()).toBe(before);
  });

  it('given a crew, a customer, a counter set by hand and a job, when each is added, then its step is ticked and, all done, the panel hides', async () => {
    expect((await office.post('/api/settings/crews/', { crew_name: 'Crew 1' })).status).toBe(201);
    expect((await steps(office)).done).toMatchObject({ crews: true, customers: false });
    expect((await office.post('/api/settings/customers/', { name: 'Acme Fiber' })).status).toBe(201);
    expect((await steps(office)).done).toMatchObject({ customers: true, numbering: false });
    const counter = (await office.get('/api/settings/current_number/job/')).body;
    expect((await office.put(`/api/settings/current_number/job/${counter.id}/`, { number: 1000 })).status).toBe(200);
    expect((await steps(office)).done).toMatchObject({ numbering: true, job: false });
    expect((await office.post('/api/jobs/', { form_type: 'base', work_status: 'New', title: 'First job' })).status).toBe(201);
    expect(await steps(office)).toEqual({ show: false, done: { crews: true, customers: true, numbering: true, job: true } });
  });

  it('given another account, when it dismisses its panel, then the panel hides for that user', async () => {
    expect((await steps(rival)).show).toBe(true);
    expect((await rival.put('/api/settings/getting_started/', { dismissed: true })).body.show).toBe(false);
    expect((await steps(rival)).show).toBe(false);
  });
});
