/** The calls the ORCA API tests share: a new ORCA job, a line added (201 expected), the job read back. */
import { expect } from 'vitest';
import type { Client } from './client.ts';

export type Row = { id: string } & Record<string, any>;

export function orcaJobCalls(office: Client) {
  async function newOrcaJob(values: Record<string, unknown> = {}) {
    const r = await office.post('/api/jobs/new/', { form_type: 'attorca', ...values });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Row;
  }
  async function add(path: string, values: Record<string, unknown> = {}) {
    const r = await office.post(path, values);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(201);
    return r.body as Row;
  }
  const detail = async (id: string) => (await office.get(`/api/jobs/${id}/`)).body as Row;
  return { newOrcaJob, add, detail };
}
