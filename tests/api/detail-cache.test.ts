/**
 * A long record's detail kept by version (apps/api/src/platform/detail-cache.ts): a read after any
 * write shows the write, another account never gets it, and a field user's copy without money leaves
 * the kept one whole. Its detail as of a time is kept too: the past stays as it stood, and a time
 * later than a new write shows that write.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { commandHandler } from '@trenchline/platform';
import type { JobCommand } from '@trenchline/domain';
import { allocateIds, streamName } from '@trenchline/event-store';
import { apiTest } from '../support/apiTest.ts';
import { DETAIL_CACHE_MIN_EVENTS } from '../../apps/api/src/platform/detail-cache.ts';

const { app, office, rival, db } = apiTest('api_detail_cache');

/** A job of more than DETAIL_CACHE_MIN_EVENTS events (its notes added by the command handler in one append). */
async function longJob() {
  const created = await office.post('/api/jobs/', { form_type: 'base', title: 'Long job', estimated_payout: 900 });
  expect(created.status).toBe(201);
  const me = (await office.get('/api/auth/me')).body.user;
  const writer = { accountId: me.account_id, userId: me.id, userName: me.display_name };
  const handler = commandHandler({ store: app.api.ctx.store, pool: db, now: () => new Date() });
  const ids = await allocateIds(db, { kind: 'job_notes', accountId: me.account_id, streamId: streamName('job', created.body.id), count: DETAIL_CACHE_MIN_EVENTS });
  const commands: JobCommand[] = ids.map((lineId, k) => ({ type: 'AddLine', collection: 'job_notes', lineId, values: { note: `Note ${k}` } }));
  await handler.execute(writer, 'job', created.body.id, commands);
  return created.body.id as string;
}

describe('a long job read again', () => {
  let id: string;
  beforeAll(async () => {
    id = await longJob();
  }, 120_000);

  it('given a long job read once, when its title and a note are edited, then each next read shows the edit and its version', async () => {
    const first = await office.get(`/api/jobs/${id}/`);
    expect(first.status).toBe(200);
    expect(first.body.version).toBeGreaterThan(DETAIL_CACHE_MIN_EVENTS);
    expect((await office.get(`/api/jobs/${id}/`)).body).toEqual(first.body);

    const saved = await office.put(`/api/jobs/${id}/`, { title: 'Renamed' });
    expect(saved.status).toBe(200);
    const again = await office.get(`/api/jobs/${id}/`);
    expect(again.body).toMatchObject({ title: 'Renamed', version: first.body.version + 1 });
    expect(again.headers.get('etag')).toBe(`"${first.body.version + 1}"`);

    const note = first.body.notes?.[0] ?? Object.values(first.body).find((v): v is { id: string }[] => Array.isArray(v) && v.length >= DETAIL_CACHE_MIN_EVENTS)![0];
    expect((await office.put(`/api/jobs/notes/${note.id}/`, { note: 'Edited note' })).status).toBe(200);
    const afterNote = await office.get(`/api/jobs/${id}/`);
    expect(JSON.stringify(afterNote.body)).toContain('Edited note');
  });

  it('given a long job kept after a read, when it is deleted, then the next read is a 404', async () => {
    const id = await longJob();
    expect((await office.get(`/api/jobs/${id}/`)).status).toBe(200);
    expect((await office.del(`/api/jobs/${id}/`)).status).toBeLessThan(300);
    expect((await office.get(`/api/jobs/${id}/`)).status).toBe(404);
  });

  it('given a long job kept after its account read it, when another account asks for it, then 404', async () => {
    expect((await office.get(`/api/jobs/${id}/`)).status).toBe(200);
    expect((await rival.get(`/api/jobs/${id}/`)).status).toBe(404);
  });

  it('given a long job assigned to a field user, when they read it, then no money, and the office still reads its money', async () => {
    const field = await office.addColleague('Fran Field', 'field');
    const email = (await field.get('/api/auth/me')).body.user.email;
    expect((await office.post(`/api/jobs/${id}/assign_users/`, { user_to_be_assigned: email })).status).toBe(201);
    await app.caughtUp();
    const officeRead = await office.get(`/api/jobs/${id}/`);
    expect(officeRead.body.estimated_payout).toBe(900);
    const fieldRead = await field.get(`/api/jobs/${id}/`);
    expect(fieldRead.status).toBe(200);
    expect(fieldRead.body).not.toHaveProperty('estimated_payout');
    expect((await office.get(`/api/jobs/${id}/`)).body.estimated_payout).toBe(900);
  });
  it('given a long job read as of a time before its rename, when it is read as of that time again, then it is as it stood, with the version of then', async () => {
    const id = await longJob();
    const before = await office.get(`/api/jobs/${id}/`);
    await new Promise((r) => setTimeout(r, 20));
    const then = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    expect((await office.put(`/api/jobs/${id}/`, { title: 'Renamed later' })).status).toBe(200);

    const first = await office.get(`/api/jobs/${id}/?as_of=${encodeURIComponent(then)}`);
    const again = await office.get(`/api/jobs/${id}/?as_of=${encodeURIComponent(then)}`);

    for (const r of [first, again]) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ title: 'Long job', version: before.body.version, as_of: then });
      expect(r.headers.get('etag')).toBe(`"${before.body.version}"`);
    }
    expect(again.body).toEqual(first.body);
    expect((await rival.get(`/api/jobs/${id}/?as_of=${encodeURIComponent(then)}`)).status).toBe(404);
  });

  it('given a long job read as of a time still to come, when it is edited before then, then the next read as of that time shows the edit', async () => {
    const id = await longJob();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const first = await office.get(`/api/jobs/${id}/?as_of=${encodeURIComponent(later)}`);
    expect(first.body.title).toBe('Long job');

    expect((await office.put(`/api/jobs/${id}/`, { title: 'Renamed before then' })).status).toBe(200);

    const next = await office.get(`/api/jobs/${id}/?as_of=${encodeURIComponent(later)}`);
    expect(next.body).toMatchObject({ title: 'Renamed before then', version: first.body.version + 1 });
  });
});
