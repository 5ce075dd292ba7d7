/**
 * Resumable uploads (issue 35, docs/offline.md "Resumable uploads"): a photo sent in chunks, resumed
 * after an interruption by asking the offset, then added to a ticket's photos by naming the session,
 * once (a replay of the add with its key adds nothing). Bytes that do not hash to the declared sha256,
 * a chunk at the wrong offset, another account's or user's session, a size past the upload limit and an
 * account past its bound of unfinished uploads are refused, naming why.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { Client, type Res } from '../support/client.ts';
import { jpegPicture } from '../support/files.ts';
import { MAX_UPLOAD_BYTES } from '@trenchline/api/platform/routes.ts';
import { UPLOAD_BYTES_PER_ACCOUNT } from '@trenchline/api/platform/uploads.ts';

const { app, office, rival, db, eventCount } = apiTest('api_uploads', { now: () => new Date('2026-11-27T15:00:00Z') });

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const photo = (label: string) => Buffer.concat([jpegPicture(label), Buffer.alloc(3000, label)]);
const start = (c: Client, bytes: Buffer, declared = sha256(bytes)) => c.post('/api/uploads', { size: bytes.length, sha256: declared, file_name: 'trench.jpg', content_type: 'image/jpeg' });
const send = (c: Client, id: string, bytes: Buffer, offset: number) => c.patch(`/api/uploads/${id}`, bytes, { 'Upload-Offset': String(offset) });

function expectStatus(r: Res, status: number) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body as Record<string, any>;
}
async function newTicket(c: Client = office) {
  return expectStatus(await c.post('/api/tickets/', { form_type: 'base_ticket', title: 'Photos' }), 201);
}
const photosOf = async (ticketId: string) => ((await office.get(`/api/tickets/${ticketId}/`)).body as Record<string, any>).photos as Record<string, unknown>[];

describe('a resumed upload', () => {
  it('given half a photo sent and the answer lost, when the offset is asked and the rest sent, then the photo is added to the ticket once, and the add sent again with its key adds nothing', async () => {
    const ticket = await newTicket();
    const bytes = photo('resumed');
    const half = Math.floor(bytes.length / 2);
    const made = expectStatus(await start(office, bytes), 201);
    expect(made.offset).toBe(0);

    expectStatus(await send(office, made.id, bytes.subarray(0, half), 0), 200);
    const asked = await office.get(`/api/uploads/${made.id}`);
    expect(expectStatus(asked, 200)).toMatchObject({ offset: half, size: bytes.length, complete: false });
    expect(asked.headers.get('upload-offset')).toBe(String(half));
    const done = expectStatus(await send(office, made.id, bytes.subarray(half), half), 200);
    expect(done).toMatchObject({ offset: bytes.length, complete: true });

    const add = { upload: made.id, file_name: 'trench.jpg', file_type: 'photo' };
    const key = { 'Idempotency-Key': `photo-${made.id}` };
    const line = expectStatus(await office.post(`/api/tickets/${ticket.id}/photos/`, add, key), 201);
    const events = await eventCount();
    const again = await office.post(`/api/tickets/${ticket.id}/photos/`, add, key);

    expect(expectStatus(again, 201)).toEqual(line);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventCount()).toBe(events);
    const photos = await photosOf(ticket.id);
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ file_name: 'trench.jpg', sha256: sha256(bytes), size: bytes.length, content_type: 'image/jpeg' });
    const file = await office.download(`/api/files/${line.id}`);
    expect(file.bytes.equals(bytes)).toBe(true);
    // Consumed: the session is gone, and naming it again under another key adds nothing.
    expect((await office.get(`/api/uploads/${made.id}`)).status).toBe(404);
    expect(expectStatus(await office.post(`/api/tickets/${ticket.id}/photos/`, add), 400).fields).toHaveProperty('upload');
    expect(await photosOf(ticket.id)).toHaveLength(1);
  });

  it('given an upload not complete, when a line names it, then 400 naming upload and nothing written; complete, it is taken', async () => {
    const ticket = await newTicket();
    const bytes = photo('partial');
    const made = expectStatus(await start(office, bytes), 201);
    expectStatus(await send(office, made.id, bytes.subarray(0, 10), 0), 200);
    const events = await eventCount();

    const refused = await office.post(`/api/tickets/${ticket.id}/photos/`, { upload: made.id, file_type: 'photo' });

    expect(expectStatus(refused, 400).fields.upload).toMatch(/not complete/);
    expect(await eventCount()).toBe(events);
    expectStatus(await send(office, made.id, bytes.subarray(10), 10), 200);
    expectStatus(await office.post(`/api/tickets/${ticket.id}/photos/`, { upload: made.id, file_type: 'photo' }), 201);
  });

  it('given a complete upload that is no picture, when a photo line names it, then the same 400 as a multipart upload names file, and the upload is given back', async () => {
    const ticket = await newTicket();
    const bytes = Buffer.from('%PDF-1.4 not a picture');
    const made = expectStatus(await start(office, bytes), 201);
    expectStatus(await send(office, made.id, bytes, 0), 200);

    const refused = await office.post(`/api/tickets/${ticket.id}/photos/`, { upload: made.id, file_type: 'photo' });

    expect(expectStatus(refused, 400).fields).toHaveProperty('file');
    expect((await office.get(`/api/uploads/${made.id}`)).status).toBe(200);
  });
});

describe('refused uploads', () => {
  it('given bytes that do not hash to the declared sha256, when the last chunk arrives, then 400 naming sha256 and the session is gone', async () => {
    const bytes = photo('corrupt');
    const made = expectStatus(await start(office, bytes, sha256(Buffer.from('another file'))), 201);

    const refused = await send(office, made.id, bytes, 0);

    expect(expectStatus(refused, 400).fields).toHaveProperty('sha256');
    expect((await office.get(`/api/uploads/${made.id}`)).status).toBe(404);
  });

  it('given a chunk at the wrong offset (sent twice), then 409 giving the offset it stands at, and nothing is written twice', async () => {
    const bytes = photo('offset');
    const made = expectStatus(await start(office, bytes), 201);
    expectStatus(await send(office, made.id, bytes.subarray(0, 100), 0), 200);

    const twice = await send(office, made.id, bytes.subarray(0, 100), 0);
    const ahead = await send(office, made.id, bytes.subarray(200, 300), 200);

    expect(expectStatus(twice, 409)).toMatchObject({ error: 'upload_offset_mismatch', offset: 100 });
    expect(twice.body.fields).toHaveProperty('Upload-Offset');
    expect(twice.headers.get('upload-offset')).toBe('100');
    expect(expectStatus(ahead, 409).offset).toBe(100);
    expect(expectStatus(await office.get(`/api/uploads/${made.id}`), 200).offset).toBe(100);
    expect(expectStatus(await send(office, made.id, bytes.subarray(100, 120), 100), 200).offset).toBe(120);
  });

  it('given a chunk with no Upload-Offset, or longer than what is left, then 400 naming it', async () => {
    const bytes = photo('bounds');
    const made = expectStatus(await start(office, bytes), 201);

    expect(expectStatus(await office.patch(`/api/uploads/${made.id}`, bytes), 400).fields).toHaveProperty('Upload-Offset');
    expect(expectStatus(await send(office, made.id, Buffer.concat([bytes, Buffer.from('more')]), 0), 400).fields).toHaveProperty('chunk');
  });

  it("given another account's and another user's session, when asked, sent to or named by a line, then 404 (400 naming upload for the line) and nothing written", async () => {
    const bytes = photo('theirs');
    const made = expectStatus(await start(office, bytes), 201);
    expectStatus(await send(office, made.id, bytes, 0), 200);
    const colleague = await office.addColleague('Carla Colleague', 'office');
    const rivalTicket = await newTicket(rival);
    const events = await eventCount();

    for (const other of [rival, colleague]) {
      expect((await other.get(`/api/uploads/${made.id}`)).status).toBe(404);
      expect((await send(other, made.id, bytes, 0)).status).toBe(404);
    }
    const named = await rival.post(`/api/tickets/${rivalTicket.id}/photos/`, { upload: made.id, file_type: 'photo' });

    expect(expectStatus(named, 400).fields).toHaveProperty('upload');
    expect(await eventCount()).toBe(events);
    expect(expectStatus(await office.get(`/api/uploads/${made.id}`), 200).complete).toBe(true);
  });

  it('given a size past the upload limit, a bad sha256 or no name, when a session is asked for, then 400 naming the field and none is made', async () => {
    const sessions = async () => Number((await db.query('select count(*) from upload_sessions')).rows[0].count);
    const before = await sessions();

    const tooBig = await office.post('/api/uploads', { size: MAX_UPLOAD_BYTES + 1, sha256: sha256(Buffer.from('x')), file_name: 'huge.jpg' });
    const badSha = await office.post('/api/uploads', { size: 10, sha256: 'abc', file_name: 'a.jpg' });
    const noName = await office.post('/api/uploads', { size: 10, sha256: sha256(Buffer.from('x')) });

    expect(expectStatus(tooBig, 400).fields).toHaveProperty('size');
    expect(expectStatus(badSha, 400).fields).toHaveProperty('sha256');
    expect(expectStatus(noName, 400).fields).toHaveProperty('file_name');
    expect(await sessions()).toBe(before);
  });

  it('given an account holding as many unfinished bytes as it may, when another session is asked for, then 429 naming size; another account is not held back', async () => {
    const busy = await Client.signUp(app.url, 'Busy');
    const each = MAX_UPLOAD_BYTES;
    const fit = Math.floor(UPLOAD_BYTES_PER_ACCOUNT / each);
    for (let i = 0; i < fit; i++) expectStatus(await busy.post('/api/uploads', { size: each, sha256: sha256(Buffer.from(String(i))), file_name: `big-${i}.mp4` }), 201);

    const past = await busy.post('/api/uploads', { size: each, sha256: sha256(Buffer.from('past')), file_name: 'past.mp4' });

    expect(expectStatus(past, 429).fields).toHaveProperty('size');
    expect(past.headers.get('retry-after')).toBeTruthy();
    expectStatus(await office.post('/api/uploads', { size: each, sha256: sha256(Buffer.from('ok')), file_name: 'ok.mp4' }), 201);
  });
});
