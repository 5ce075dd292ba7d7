/**
 * Bulk actions over field tickets (issue 17, docs/bulk.md) through POST /api/bulk/ with the real
 * BullMQ worker: the photo zip read back with jszip (the ticket's photos, its production lines' and
 * its damage reports', each '<ticket #> - <file name>'), named '{number} Photos M-D-YYYY.zip' for one
 * ticket and 'Ticket Photos M-D-YYYY.zip' for several; none with a photo: no file and 'Please upload a
 * file first...'; archive and delete of tickets, another account's never touched.
 */
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { apiTest } from '../support/apiTest.ts';
import { runBulk, eventsOfStream } from '../support/reports.ts';
import type { Client } from '../support/client.ts';
import { jpegPicture, picture } from '../support/files.ts';
import { addLines, type MeUser } from '../support/seed.ts';

// Sunday 22 November 2026.
const { app, office, rival, db } = apiTest('api_tickets_bulk', { worker: true, now: () => new Date('2026-11-22T15:00:00Z') });

async function ok(c: Client, path: string, body: Record<string, unknown> | FormData) {
  const r = await c.request('POST', path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Record<string, any>;
}
const newTicket = (c: Client, title: string) => ok(c, '/api/tickets/', { form_type: 'base_ticket', ticket_status: 'New', title });

/** Uploads a photo (its bytes carry the label, so the zip's entries can be told apart). */
function photo(c: Client, path: string, name: string, label: string) {
  const f = new FormData();
  const jpeg = name.endsWith('.jpg');
  f.append('file', new Blob([new Uint8Array(jpeg ? jpegPicture(label) : picture(label))], { type: jpeg ? 'image/jpeg' : 'image/png' }), name);
  f.append('file_name', name);
  return ok(c, path, f);
}

/** Waits until the read models hold the tickets and these many of their photo lines (the worker reads them). */
async function projected(ids: string[], photos: number) {
  const count = async () => {
    const rows = (await db.query('select count(*)::int as n from tickets where id = any($1::bigint[]) and deleted = false', [ids])).rows[0].n as number;
    const lines = (await db.query("select count(*)::int as n from collection_lines where parent_id = any($1::bigint[]) and collection like 'ticket_%photos' and removed = false", [ids])).rows[0].n as number;
    return [rows, lines];
  };
  await expect.poll(count, { timeout: 10_000, interval: 50 }).toEqual([ids.length, photos]);
}

async function zipOf(c: Client, url: string) {
  const file = await c.download(url);
  expect(file.status).toBe(200);
  const zip = await JSZip.loadAsync(file.bytes);
  const entries = Object.fromEntries(await Promise.all(Object.keys(zip.files).map(async (n) => [n, (await zip.file(n)!.async('nodebuffer')).toString('latin1')] as const)));
  return { name: decodeURIComponent(file.headers.get('content-disposition') ?? ''), entries };
}

const eventsOf = (stream: string) => eventsOfStream(db, stream);

describe('the ticket photo zip', () => {
  it('given one ticket with photos of its own, of a production line and of a damage report, when zipped, then "{number} Photos 11-22-2026.zip" holds each one, a repeated name numbered', async () => {
    const t = await newTicket(office, 'Photo day');
    const line = await ok(office, `/api/tickets/${t.id}/productions/`, { line_number: 1, work_type: 'Dirt-Bore', feet: 50 });
    const damage = await ok(office, `/api/tickets/${t.id}/damagereports/`, { damage_report_number: 'D-1', description: 'Hit a gas line' });
    await photo(office, `/api/tickets/${t.id}/photos/`, 'site.jpg', 'site one');
    await photo(office, `/api/tickets/${t.id}/photos/`, 'site.jpg', 'site two');
    await photo(office, `/api/tickets/productions/${line.id}/photos/`, 'bore.png', 'the bore');
    await photo(office, `/api/tickets/damagereports/${damage.id}/photos/`, 'gas.png', 'the damage');
    await projected([t.id], 4);

    const op = await runBulk(office, { list: 'tickets', action: 'zip', ids: [t.id] });
    expect(op).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0, file_url: `/api/bulk/${op.id}/file/`, message: null });
    const zip = await zipOf(office, op.file_url);
    expect(zip.name).toContain(`${t.account_ticket_number} Photos 11-22-2026.zip`);
    const n = t.account_ticket_number;
    expect(Object.keys(zip.entries).sort()).toEqual([`${n} - bore.png`, `${n} - gas.png`, `${n} - site (2).jpg`, `${n} - site.jpg`].sort());
    expect(zip.entries[`${n} - bore.png`]).toContain('the bore');
    expect(zip.entries[`${n} - gas.png`]).toContain('the damage');
    expect([zip.entries[`${n} - site.jpg`], zip.entries[`${n} - site (2).jpg`]].map((b) => b.slice(-8))).toEqual(['site one', 'site two']);
  });

  it('given several tickets, one without a photo and one of another account, when zipped, then "Ticket Photos 11-22-2026.zip" holds the photos of the account’s tickets only', async () => {
    const [a, b, bare] = [await newTicket(office, 'Zip A'), await newTicket(office, 'Zip B'), await newTicket(office, 'Zip bare')];
    const theirs = await newTicket(rival, 'SECRET rival');
    await photo(office, `/api/tickets/${a.id}/photos/`, 'trench.png', 'a trench');
    await photo(office, `/api/tickets/${b.id}/photos/`, 'trench.png', 'b trench');
    await photo(rival, `/api/tickets/${theirs.id}/photos/`, 'secret.png', 'SECRET');
    await projected([a.id, b.id, bare.id, theirs.id], 3);

    const op = await runBulk(office, { list: 'tickets', action: 'zip', ids: [a.id, b.id, bare.id, theirs.id] });
    // Another account's id is counted as failed, as every bulk action counts it.
    expect(op).toMatchObject({ status: 'done', total: 4, done: 2, failed: 2 });
    const zip = await zipOf(office, op.file_url);
    expect(zip.name).toContain('Ticket Photos 11-22-2026.zip');
    expect(zip.entries).toEqual({ [`${a.account_ticket_number} - trench.png`]: expect.stringContaining('a trench'), [`${b.account_ticket_number} - trench.png`]: expect.stringContaining('b trench') });
  });

  it('given photos named with ../ (one renamed so by PUT, as the probe did), \\, unicode, dots, device names and repeats, when zipped, then every entry is one flat, safe, unique base name', async () => {
    const t = await newTicket(office, 'Names');
    const line = await ok(office, `/api/tickets/${t.id}/productions/`, { line_number: 1, work_type: 'Dirt-Bore', feet: 50 });
    const renamed = await photo(office, `/api/tickets/${t.id}/photos/`, 'plain.png', 'renamed');
    const put = await office.put(`/api/tickets/photos/${renamed.id}/`, { ...renamed, file_name: '../../../../tmp/x.png' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.file_name).toBe('../../../../tmp/x.png');
    // The rest by commands: one write per collection, as the upload route stores a photo.
    const me = (await office.get('/api/auth/me')).body.user as MeUser;
    const stored = (label: string) => app.api.ctx.blobs.put(picture(label));
    const names = ['..\\..\\x.png', 'X.PNG', 'Café_日本.png', 'Café_日本.png', 'café_日本.png', '..', '.hidden.png', 'CON.png', 'a/b/c/', `${'long'.repeat(70)}.png`, '/etc/passwd', 'what?.png'];
    await addLines(app, me, { collection: 'ticket_photos', recordId: t.id, lines: await Promise.all(names.map(async (file_name, i) => ({ file_name, content_type: 'image/png', ...(await stored(`photo ${i}`)) }))) });
    await addLines(app, me, { collection: 'ticket_production_photos', recordId: t.id, lines: [{ production: line.id, file_name: '../x.png', content_type: 'image/png', ...(await stored('production x')) }] });
    await projected([t.id], names.length + 2);

    const op = await runBulk(office, { list: 'tickets', action: 'zip', ids: [t.id] });
    expect(op).toMatchObject({ status: 'done', total: 1, done: 1, failed: 0 });
    const file = await office.download(op.file_url);
    const zip = await JSZip.loadAsync(file.bytes);
    const entries = Object.keys(zip.files);
    const n = t.account_ticket_number;
    const dot = (s: string) => `${n} - ${s}`;
    expect(entries.every((e) => !zip.files[e].dir)).toBe(true);
    for (const e of entries) {
      expect(e).not.toMatch(/[/\\]|\.\.|\p{Cc}/u);
      expect(e).not.toMatch(/^[\s.]|[\s.]$/u);
      expect(Buffer.byteLength(e)).toBeLessThanOrEqual(200);
    }
    expect(new Set(entries.map((e) => e.toLowerCase())).size).toBe(entries.length);
    // In the order added: the renamed photo first, then the command's, then the production's.
    const photoIds = (await db.query("select id from collection_lines where parent_id = $1 and collection = 'ticket_photos' and removed = false order by id", [t.id])).rows.map((r) => String(r.id));
    const long = entries.filter((e) => e.includes('longlong'));
    expect(long).toEqual([expect.stringMatching(new RegExp(`^${n} - (long)+(l|lo|lon)?\\.png$`))]);
    expect(entries.filter((e) => !long.includes(e)).sort()).toEqual(
      [
        dot('x.png'),
        dot('x (2).png'),
        dot('X (3).PNG'),
        dot('Café_日本.png'),
        dot('Café_日本 (2).png'),
        dot('café_日本 (3).png'),
        dot(`photo ${photoIds[6]}.png`),
        dot('hidden.png'),
        dot('_CON.png'),
        dot(`photo ${photoIds[9]}.png`),
        dot('passwd'),
        dot('what_.png'),
        dot('x (4).png'),
      ].sort(),
    );
    expect((await zip.file(dot('x.png'))!.async('nodebuffer')).toString('latin1')).toContain('renamed');
    expect((await zip.file(dot('x (4).png'))!.async('nodebuffer')).toString('latin1')).toContain('production x');
    expect((await zip.file(dot('Café_日本 (2).png'))!.async('nodebuffer')).toString('latin1')).toContain('photo 3');
  });

  it("given tickets with no photo, when zipped, then it ends done with no file and 'Please upload a file first...'", async () => {
    const [a, b] = [await newTicket(office, 'No photo A'), await newTicket(office, 'No photo B')];
    await projected([a.id, b.id], 0);
    const op = await runBulk(office, { list: 'tickets', action: 'zip', ids: [a.id, b.id] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 0, failed: 2, file_url: null, message: 'Please upload a file first...' });
    expect((await office.download(`/api/bulk/${op.id}/file/`)).status).toBe(404);
  });
});

describe('bulk archive and delete of tickets', () => {
  it('given tickets, when two are archived and another deleted with one of another account, then each changed once and the other account’s is untouched', async () => {
    const [a, b, c, d] = [await newTicket(office, 'Bulk A'), await newTicket(office, 'Bulk B'), await newTicket(office, 'Bulk C'), await newTicket(office, 'Bulk D')];
    const theirs = await newTicket(rival, 'Bulk rival');
    await projected([a.id, b.id, c.id, d.id, theirs.id], 0);
    expect(await runBulk(office, { list: 'tickets', action: 'archive', ids: [a.id, b.id] })).toMatchObject({ status: 'done', total: 2, done: 2, failed: 0 });
    const archiving = async (id: string) => (await eventsOf(`ticket-${id}`)).filter((e) => e.type === 'TicketRevised' && e.data.changes?.archived).length;
    expect([await archiving(a.id), await archiving(b.id), await archiving(c.id)]).toEqual([1, 1, 0]);
    expect((await office.get(`/api/tickets/${a.id}/`)).body.archived).toBe(true);

    const op = await runBulk(office, { list: 'tickets', action: 'delete', ids: [d.id, theirs.id] });
    expect(op).toMatchObject({ status: 'done', total: 2, done: 1, failed: 1 });
    const deletions = async (id: string) => (await eventsOf(`ticket-${id}`)).filter((e) => e.type === 'TicketDeleted').length;
    expect([await deletions(d.id), await deletions(c.id), await deletions(theirs.id)]).toEqual([1, 0, 0]);
    expect((await office.get(`/api/tickets/${d.id}/`)).status).toBe(404);
    expect((await rival.get(`/api/tickets/${theirs.id}/`)).status).toBe(200);
    const active = async () => ((await office.list('/api/tickets/?q=Bulk')).body as { id: string }[]).map((r) => r.id);
    await expect.poll(active, { timeout: 10_000, interval: 50 }).toEqual([c.id]);
  });

  it('given the tickets list, when a report is asked for in bulk, then 400 naming action and nothing is queued', async () => {
    const a = await newTicket(office, 'No report');
    const operations = async () => (await db.query('select count(*)::int as n from bulk_operations')).rows[0].n as number;
    const before = await operations();
    const r = await office.post('/api/bulk/', { list: 'tickets', action: 'report', report: 'stamped', ids: [a.id] });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('action');
    expect(await operations()).toBe(before);
  });
});
