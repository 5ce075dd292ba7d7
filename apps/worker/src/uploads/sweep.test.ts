/**
 * The upload sessions' sweep on a real database: a session expired is deleted with its chunks, one
 * still within its time is kept, whoever's it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestWorker } from '../testing.ts';
import { sweepUploadSessionsJob } from './sweep.ts';

let w: Awaited<ReturnType<typeof openTestWorker>>;
const now = new Date('2026-11-27T12:00:00Z');
const hoursFromNow = (h: number) => new Date(now.getTime() + h * 3_600_000);

beforeAll(async () => {
  w = await openTestWorker('worker_upload_sweep');
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const session = (id: string, expires: Date) =>
  ({ id, account_id: 1, user_id: 2, size: 3, sha256: 'f', file_name: 'a.jpg', content_type: 'image/jpeg', received: 3, created_at: now, expires_at: expires });

describe('the upload session sweep', () => {
  it('given a session expired an hour ago and one expiring in an hour, when swept, then only the expired one and its chunks are gone', async () => {
    const [old, fresh] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    await w.db('upload_sessions').insert([session(old, hoursFromNow(-1)), session(fresh, hoursFromNow(1))]);
    await w.db('upload_chunks').insert([{ upload_id: old, offset: 0, bytes: Buffer.from('abc') }, { upload_id: fresh, offset: 0, bytes: Buffer.from('abc') }]);

    const swept = await sweepUploadSessionsJob({ ...w.ctx, now: () => now })();

    expect(swept).toEqual({ deleted: 1 });
    expect(await w.db('upload_sessions').pluck('id')).toEqual([fresh]);
    expect(await w.db('upload_chunks').pluck('upload_id')).toEqual([fresh]);
  });
});
