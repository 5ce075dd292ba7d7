/** The demo data of `npm start`: written through the commands, readable through the API, seeded once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '@trenchline/api/seed.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/client.ts';

let app: TestApp;
let demo: Client;

beforeAll(async () => {
  app = await startTestApp('api_seed');
  expect(await seedDemo(app.api.ctx)).toEqual({ created: true });
  demo = new Client(app.url);
  await demo.get('/api/auth/me');
  expect((await demo.post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
  // The seed's last write is the demo user's; wait for the lists to have everything before it.
  demo.lastPosition = (await app.api.ctx.store.headPosition())!;
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

describe('demo data', () => {
  it('given an empty database, when seeded, then bids, projects, routines and every settings catalog have demo records', async () => {
    expect((await demo.list('/api/bids/?archived=f')).body).toHaveLength(12);
    expect((await demo.list('/api/settings/crews/')).body.map((c: { crew_name: string }) => c.crew_name)).toContain('Bore Crew 1');
    expect((await demo.list('/api/settings/customers/')).body.map((c: { name: string }) => c.name)).toEqual(['AT&T', 'City of Columbus', 'Fiberlight', 'Lumen']);
    expect((await demo.list('/api/settings/vendors/')).body).toHaveLength(2);
    expect((await demo.list('/api/settings/raw_materials/')).body).toHaveLength(2);
    expect((await demo.list('/api/settings/our_products/')).body).toHaveLength(1);
    expect((await demo.list('/api/settings/jobs/sva_coordinators/')).body).toHaveLength(2);
    expect((await demo.get('/api/settings/jobs/sva_codes/')).body).toHaveLength(5);
    expect((await demo.get('/api/settings/current_number/job/')).body).toMatchObject({ number: 2600, suggested_number: 2601 });
    const projects = (await demo.list('/api/projects/?active=t&archived=t')).body;
    expect(projects).toHaveLength(10);
    expect(projects.filter((p: { archived: boolean }) => p.archived)).toHaveLength(1);
    expect(projects[0]).toMatchObject({ project_days_left: -3, latest_note: expect.any(String), location: expect.objectContaining({ latitude: expect.any(Number) }) });
    expect((await demo.list('/api/lpms/routines/')).body).toHaveLength(3);
    const runs = (await demo.list('/api/lpms/do_routines/')).body;
    expect(runs).toHaveLength(2);
    expect(runs.map((r: { status: string }) => r.status).sort()).toEqual(['In progress', 'Not started']);
    expect((await demo.get('/api/jobs/job_account_users/')).body.map((u: { last_name: string }) => u.last_name)).toEqual(['Demo', 'Field']);
  });

  it('given the demo data exists, when seeding runs again, then nothing is added', async () => {
    expect(await seedDemo(app.api.ctx)).toEqual({ created: false });
  });
});
