/**
 * What the screens read and record per user (docs/settings.md) over HTTP against the real app: form
 * types, how-to tips and user app activities.
 */
import { describe, expect, it } from 'vitest';
import { pause, settingsTest } from '../support/settings.ts';

const { office, rival, eventCount, colleague } = settingsTest('api_settings_screens');

describe('form types', () => {
  it.each(['job', 'ticket', 'locate', 'rfq'])('given nav=%s, when form types are read, then only that screen\'s, each with name, ux_name and form_title', async (nav) => {
    const r = await office.get(`/api/settings/form_types/?nav=${nav}`);
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(0);
    for (const f of r.body) expect(f).toEqual({ id: expect.any(Number), nav, name: expect.any(String), ux_name: expect.any(String), form_title: expect.any(String) });
  });

  it('given no nav, when form types are read, then every one; job has attorca, attfiber and base', async () => {
    const all = (await office.get('/api/settings/form_types/')).body;
    expect(new Set(all.map((f: { nav: string }) => f.nav))).toEqual(new Set(['job', 'ticket', 'locate', 'rfq']));
    expect((await office.get('/api/settings/form_types/?nav=job')).body.map((f: { name: string }) => f.name)).toEqual(['attorca', 'attfiber', 'base']);
  });

  it('given an unknown nav, when form types are read, then 400 naming nav', async () => {
    const r = await office.get('/api/settings/form_types/?nav=bids');
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('nav');
  });
});

describe('how-to tips', () => {
  it('given a user, when the job screens\' tips are read, then each page has its own, none opted out; an unknown page is 404', async () => {
    const detail = (await office.get('/api/jobs/how2s/detail/')).body;
    const dashboard = (await office.get('/api/jobs/how2s/dashboard/')).body;
    expect(detail.length).toBeGreaterThan(0);
    expect(dashboard.length).toBeGreaterThan(0);
    expect(detail.every((s: { page: string; opted_out: boolean }) => s.page === 'detail' && s.opted_out === false)).toBe(true);
    expect(dashboard.every((s: { page: string }) => s.page === 'dashboard')).toBe(true);
    const all = (await office.get('/api/settings/how2s/')).body;
    expect(all.length).toBeGreaterThanOrEqual(detail.length + dashboard.length);
    expect((await office.get('/api/jobs/how2s/nowhere/')).status).toBe(404);
  });

  it('given a tip, when the user opts out, then it is hidden for them only; DELETE shows it again', async () => {
    const tip = (await office.get('/api/jobs/how2s/detail/')).body[0];
    const other = await colleague('Olive Optin');
    const out = await office.post(`/api/settings/how2s/sections/${tip.id}/opt_out/`);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ id: tip.id, opted_out: true });
    expect((await office.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(true);
    expect((await office.get('/api/settings/how2s/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(true);
    expect((await other.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(false);
    expect((await rival.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(false);
    // Opting out twice is harmless.
    expect((await office.post(`/api/settings/how2s/sections/${tip.id}/opt_out/`)).status).toBe(200);
    const back = await office.del(`/api/settings/how2s/sections/${tip.id}/opt_out/`);
    expect(back.status).toBe(200);
    expect(back.body.opted_out).toBe(false);
    expect((await office.get('/api/jobs/how2s/detail/')).body.find((s: { id: number }) => s.id === tip.id).opted_out).toBe(false);
  });

  it.each(['999', 'abc', '0'])('given an unknown section %s, when opted out of or back in, then 404', async (id) => {
    expect((await office.post(`/api/settings/how2s/sections/${id}/opt_out/`)).status).toBe(404);
    expect((await office.del(`/api/settings/how2s/sections/${id}/opt_out/`)).status).toBe(404);
  });
});

describe('user app activities', () => {
  const activity = (over: Record<string, unknown> = {}) => ({
    generated_cibe_email: true,
    job_id_text: 'JOB-100',
    app_name: 'ORCA',
    function: 'generate_cibe',
    url: '/job/100',
    job_number: 'J-100',
    amount: '125.50',
    ...over,
  });

  it('given a user, when an activity is recorded, then 201 with who and when', async () => {
    const r = await office.post('/api/settings/user_app_activities/', activity());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ app_name: 'ORCA', function: 'generate_cibe', job_number: 'J-100', amount: 125.5, user_name: 'Office User', generated_cibe_email: true });
    expect(r.body.id).toEqual(expect.any(String));
    expect(r.body.at).toEqual(expect.any(String));
  });

  it.each([
    [{ app_name: undefined }, 'app_name'],
    [{ app_name: '  ' }, 'app_name'],
    [{ function: undefined }, 'function'],
    [{ amount: 'a lot' }, 'amount'],
  ])('given an activity with %j, when recorded, then 400 naming %s and nothing is written', async (over, field) => {
    const before = await eventCount();
    const r = await office.post('/api/settings/user_app_activities/', activity(over));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given several activities, when listed with a limit, then the newest first, only this account\'s', async () => {
    for (const n of [1, 2, 3]) {
      expect((await office.post('/api/settings/user_app_activities/', activity({ app_name: `Order-${n}` }))).status).toBe(201);
      await pause(5);
    }
    await rival.post('/api/settings/user_app_activities/', activity({ app_name: 'Rival-app' }));
    const r = await office.list('/api/settings/user_app_activities/?limit=2');
    expect(r.status).toBe(200);
    expect(r.body.map((a: { app_name: string }) => a.app_name)).toEqual(['Order-3', 'Order-2']);
    const all = (await office.list('/api/settings/user_app_activities/')).body;
    expect(all.map((a: { app_name: string }) => a.app_name)).not.toContain('Rival-app');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect((await office.get('/api/settings/user_app_activities/?limit=0')).status).toBe(400);
    expect((await office.get('/api/settings/user_app_activities/?limit=abc')).body.fields).toHaveProperty('limit');
  });
});
