/**
 * Images are images (issue 29), over HTTP: a drawn signature and every photo upload (every collection
 * the domain flags `photos`, and the background picture) are read header-first and refused, with a
 * 400 naming the field and nothing written, when they are not a PNG, JPEG or WebP or are larger than
 * their limits: a 4000x4000 signature of a few KB, an SVG wrapped as a PNG, a decompression bomb.
 * Real ones are still taken. Parents are seeded by commands where the API allows it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { collections } from '@trenchline/domain';
import { dataUrlOf, pngBytes, webpLossyBytes } from '@trenchline/domain/shared/image-testing.ts';
import { drawnSignature } from '@trenchline/api/areas/tickets/drawn-signature.ts';
import { apiTest } from '../support/apiTest.ts';
import { JPEG, PNG } from '../support/files.ts';
import { addLines, type MeUser } from '../support/seed.ts';

const { app, office, eventCount } = apiTest('security_images');

const deflate = (raw: Uint8Array) => new Uint8Array(deflateSync(raw, { level: 9 }));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';
/** 4000x4000 grey: 16 MB of pixels in a file of a few KB (the took the PDF worker from 190 to 448 MB). */
const BIG_SIGNATURE = pngBytes(4000, 4000, { deflate });
/** A real PNG of 8000x8000 (64 megapixels, 256 MB as a browser decodes it) in about 8 KB. */
const BOMB = pngBytes(8000, 8000, { depth: 1, deflate });
/** A header claiming 50000x50000 over a few bytes of data. */
const CLAIMED_BOMB = pngBytes(50_000, 50_000, { rows: new Uint8Array(64), deflate });

function form(content: string | Uint8Array, type: string, name: string, field = 'file') {
  const f = new FormData();
  f.set(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  f.set('file_name', name);
  return f;
}

let ticketId: string;
beforeAll(async () => {
  ticketId = (await office.post('/api/tickets/', { form_type: 'base_ticket', ticket_status: 'New', title: 'Bore under Main St' })).body.id;
});

describe('a drawn signature is a PNG of at most 2000x1000', () => {
  it.each(['customer_signatures', 'worker_signatures'])('given a 4000x4000 PNG of a few KB, when signed as %s, then 400 naming signature_image and nothing is written', async (kind) => {
    expect(BIG_SIGNATURE.length).toBeLessThan(40_000);
    const before = await eventCount();
    const r = await office.post(`/api/tickets/${ticketId}/${kind}/`, { signer_name: 'Pat Customer', signature_image: dataUrlOf(BIG_SIGNATURE) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'invalid', fields: { signature_image: 'is 4000x4000 pixels; a signature may be at most 2000x1000' } });
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['an SVG wrapped as a PNG data URL', `data:image/png;base64,${Buffer.from(SVG).toString('base64')}`, 'must be a PNG image'],
    ['an HTML page wrapped as a PNG data URL', `data:image/png;base64,${Buffer.from('<!doctype html><script>alert(1)</script>').toString('base64')}`, 'must be a PNG image'],
    ['an SVG data URL', `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`, 'must be a PNG image as a data URL (data:image/png;base64,...)'],
    ['a JPEG wrapped as a PNG data URL', dataUrlOf(JPEG), 'must be a PNG image (this is a JPEG image)'],
    ['a PNG cut short', dataUrlOf(PNG.subarray(0, 40)), 'is a damaged or incomplete PNG image; it must be a PNG image'],
  ])('given %s, when signed, then 400 naming signature_image and nothing is written', async (_what, image, why) => {
    const before = await eventCount();
    const r = await office.post(`/api/tickets/${ticketId}/customer_signatures/`, { signer_name: 'Pat Customer', signature_image: image });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ signature_image: why });
    expect(await eventCount()).toBe(before);
  });

  it('given a signature drawn on the pad (a 300x90 PNG), when signed, then it is taken as sent', async () => {
    const image = drawnSignature(3);
    const r = await office.post(`/api/tickets/${ticketId}/worker_signatures/`, { signer_name: 'Sam Digger', signature_image: image });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.signature_image).toBe(image);
  });
});

describe('every photo upload is a PNG, JPEG or WebP of at most 40 megapixels', () => {
  /** The upload path of each photo collection, with a parent record or line seeded for it. */
  const paths = new Map<string, string>();
  beforeAll(async () => {
    const me = (await office.get('/api/auth/me')).body.user as MeUser;
    const jobId = (await office.post('/api/jobs/new/', { form_type: 'base' })).body.id as string;
    const orcaId = (await office.post('/api/jobs/new/', { form_type: 'attorca' })).body.id as string;
    const taskId = (await office.post(`/api/jobs/${orcaId}/tasks/`, { job: orcaId })).body.id as string;
    const [jobProduction] = await addLines(app, me, { collection: 'job_productions', recordId: jobId, lines: [{ work_type: 'Dirt-Bore', feet: 10 }] });
    const [jobDamage] = await addLines(app, me, { collection: 'job_damage_reports', recordId: jobId, lines: [{ damage_report_number: 'D-1' }] });
    const [ticketProduction] = await addLines(app, me, { collection: 'ticket_productions', recordId: ticketId, lines: [{ line_number: 1, work_type: 'Dirt-Bore', feet: 10 }] });
    const [ticketDamage] = await addLines(app, me, { collection: 'ticket_damage_reports', recordId: ticketId, lines: [{ damage_report_number: 'D-2' }] });
    const parents: Record<string, string> = {
      job_photos: jobId,
      job_production_photos: jobProduction,
      job_damage_report_photos: jobDamage,
      job_task_photos: taskId,
      ticket_photos: ticketId,
      ticket_production_photos: ticketProduction,
      ticket_damage_report_photos: ticketDamage,
    };
    for (const c of collections().filter((c) => c.photos)) if (parents[c.name]) paths.set(c.name, `/api${c.routes.list.replace(':parentId', parents[c.name])}`);
  });

  it('given the domain\'s photo collections, then each has an upload path here (a new one must be added to this test)', () => {
    expect([...paths.keys()].sort()).toEqual(collections().filter((c) => c.photos).map((c) => c.name).sort());
  });

  it.each([
    ['a real 8000x8000 PNG of a few KB (a decompression bomb)', BOMB, 'image/png', 'is 8000x8000 pixels; a photo may be at most 40 megapixels and 20000 pixels a side'],
    ['a PNG header claiming 50000x50000', CLAIMED_BOMB, 'image/png', 'is 50000x50000 pixels; a photo may be at most 40 megapixels and 20000 pixels a side'],
    ['an SVG sent as a PNG photo', SVG, 'image/png', 'must be a PNG, JPEG or WebP image'],
    ['a PDF sent as a photo', Buffer.from('%PDF-1.4 plan'), 'image/jpeg', 'must be a PNG, JPEG or WebP image'],
  ])('given %s, when uploaded to every photo collection, then 400 naming file and nothing is written', async (_what, bytes, type, why) => {
    expect(BOMB.length).toBeLessThan(20_000);
    const before = await eventCount();
    for (const [name, path] of paths) {
      const r = await office.post(path, form(bytes, type, 'site.png'));
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body, name).toMatchObject({ error: 'invalid', message: `file ${why}`, fields: { file: why } });
    }
    expect(await eventCount()).toBe(before);
  });

  it('given a real JPEG, PNG and WebP photo, when uploaded to every photo collection, then each is taken with the type its bytes prove', async () => {
    for (const [name, path] of paths) {
      for (const [bytes, type] of [[JPEG, 'image/jpeg'], [PNG, 'image/png'], [webpLossyBytes(1920, 1080), 'image/webp']] as const) {
        const r = await office.post(path, form(bytes, 'application/octet-stream', 'site.bin'));
        expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(201);
        expect(r.body.content_type).toBe(type);
      }
    }
  });

  it('given a bomb or an SVG, when sent as the background picture, then 400 naming file and nothing is written; a real photo is taken', async () => {
    const before = await eventCount();
    for (const [bytes, why] of [[BOMB, 'is 8000x8000 pixels'], [SVG, 'must be a PNG, JPEG or WebP image']] as const) {
      const r = await office.put('/api/settings/background_picture/', form(bytes, 'image/png', 'yard.png'));
      expect(r.status).toBe(400);
      expect(r.body.fields.file).toMatch(new RegExp(`^${why.replace(/[()]/g, '\\$&')}`));
    }
    expect(await eventCount()).toBe(before);
    const ok = await office.put('/api/settings/background_picture/', form(JPEG, 'image/jpeg', 'yard.jpg'));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('given general files (a PDF, a text, a 64-megapixel PNG scan of a plan), when uploaded, then they are taken as before: general files are downloads, never drawn as thumbnails or into PDFs', async () => {
    const jobId = (await office.post('/api/jobs/new/', { form_type: 'base' })).body.id as string;
    for (const [bytes, type, name] of [[Buffer.from('%PDF-1.4 plan'), 'application/pdf', 'plan.pdf'], ['notes', 'text/plain', 'notes.txt'], [BOMB, 'image/png', 'scan.png']] as const) {
      const r = await office.post(`/api/jobs/${jobId}/general_files/`, form(bytes, type, name));
      expect(r.status, `${name} ${JSON.stringify(r.body)}`).toBe(201);
    }
  });
});
