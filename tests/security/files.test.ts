/**
 * Files served safely (docs/security.md "Files"): uploads are judged by their bytes, never by the
 * name or type the client gives; a download is shown in the browser only when its bytes are a
 * picture or a PDF, and is otherwise an attachment; every file answer says nosniff and carries a
 * CSP of its own, so an uploaded page can never run on the app's origin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { GIF, JPEG, PNG, WEBP, pdf } from '../support/files.ts';

const { office, eventCount } = apiTest('security_files', { worker: true, reportWaitMs: 5000 });

const HTML = '<!doctype html><script>fetch("/api/settings/users/",{method:"POST",headers:{"X-CSRFToken":document.cookie}})</script>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';

function form(content: string | Buffer, type: string, name: string, fields: Record<string, string> = {}) {
  const f = new FormData();
  f.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  f.set('file_name', name);
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

let bidId: string;
let jobId: string;
let productionId: string;
beforeAll(async () => {
  bidId = (await office.post('/api/bids/', { bid_status: 'A' })).body.id;
  jobId = (await office.post('/api/jobs/new/', { form_type: 'base' })).body.id;
  productionId = (await office.post(`/api/jobs/${jobId}/productions/`, {})).body.id;
});

/** Uploads a general file (a bid's files take anything) and downloads it. */
async function roundTrip(content: string | Buffer, type: string, name: string) {
  const up = await office.post(`/api/bids/${bidId}/files/`, form(content, type, name));
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return { up, down: await office.download(up.body.file) };
}

describe('uploads are judged by their bytes', () => {
  it.each([
    ['an SVG sent as a photo', SVG, 'image/svg+xml', 'drawing.svg'],
    ['a page renamed .png and typed image/png', HTML, 'image/png', 'site.png'],
    ['a page sent as text/html', HTML, 'text/html', 'site.html'],
    ['a PDF sent as a photo', pdf('not a photo'), 'image/jpeg', 'plan.jpg'],
  ])('given %s, when uploaded to a job\'s photos, then 400 naming file and nothing is written', async (_what, content, type, name) => {
    const before = await eventCount();
    for (const path of [`/api/jobs/${jobId}/files/`, `/api/jobs/productions/${productionId}/photos/`]) {
      const r = await office.post(path, form(content, type, name));
      expect(r.status, path).toBe(400);
      expect(r.body).toMatchObject({ error: 'invalid', fields: { file: expect.stringContaining('must be a PNG, JPEG or WebP image') } });
    }
    expect(await eventCount()).toBe(before);
  });

  it('given an SVG, when sent as the background picture, then 400 naming file and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.put('/api/settings/background_picture/', form(SVG, 'image/svg+xml', 'yard.svg'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('given a %s sent with no type of its own, when uploaded as a photo, then it is taken and recorded with the type its bytes prove', async (_what, bytes, type) => {
    const r = await office.post(`/api/jobs/${jobId}/files/`, form(bytes, 'application/octet-stream', 'upload.bin'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.content_type).toBe(type);
  });

  it('given a GIF, when uploaded as a photo, then 400 naming file: photos are PNG, JPEG or WebP (issue 29; the web sends every photo as JPEG)', async () => {
    const before = await eventCount();
    const r = await office.post(`/api/jobs/${jobId}/files/`, form(GIF, 'image/gif', 'anim.gif'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ file: 'must be a PNG, JPEG or WebP image' });
    expect(await eventCount()).toBe(before);
  });
});

describe('downloads', () => {
  it('given a page uploaded as text/html to a bid\'s files, when downloaded, then it is an attachment of octet-stream, nosniff, under a sandboxing CSP', async () => {
    const { up, down } = await roundTrip(HTML, 'text/html', 'invoice.html');
    expect(down.status).toBe(200);
    expect(down.bytes.toString()).toBe(HTML);
    expect(down.headers.get('content-type')).toBe('application/octet-stream');
    expect(down.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''invoice.html`);
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(up.body.content_type).toBe('text/html');
  });

  it.each([
    ['an SVG', SVG, 'image/svg+xml', 'logo.svg'],
    ['a script', 'alert(document.cookie)', 'text/javascript', 'app.js'],
    ['a style sheet', 'body{background:url(//evil.example/x)}', 'text/css', 'site.css'],
    ['a page named .pdf', HTML, 'application/pdf', 'plan.pdf'],
  ])('given %s in a bid\'s files, when downloaded, then it is an octet-stream attachment whatever type it was sent with', async (_what, content, type, name) => {
    const { down } = await roundTrip(content, type, name);
    expect(down.headers.get('content-type')).toBe('application/octet-stream');
    expect(down.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('given a %s uploaded as text/html, when downloaded, then it is shown inline with the type its bytes prove', async (_what, bytes, type) => {
    const { down } = await roundTrip(bytes, 'text/html', 'picture');
    expect(down.bytes).toEqual(bytes);
    expect(down.headers.get('content-type')).toBe(type);
    expect(down.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''picture`);
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('given a PDF, when downloaded, then it is shown inline as application/pdf under a CSP without sandbox (which would stop the browser\'s PDF viewer)', async () => {
    const { down } = await roundTrip(pdf('Traffic control plan'), 'application/octet-stream', 'plan.pdf');
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(down.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''plan.pdf`);
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(down.headers.get('content-security-policy')).not.toContain('sandbox');
  });

  it('given a file name with quotes and spaces, when downloaded, then the name is encoded whole in filename*', async () => {
    const { down } = await roundTrip('plain text', 'text/plain', `it's "done" (final).txt`);
    expect(down.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''it%27s%20%22done%22%20%28final%29.txt`);
    expect(down.headers.get('content-type')).toBe('text/plain');
  });

  it('given a spreadsheet report, when downloaded, then it is an attachment that keeps its spreadsheet type', async () => {
    const projectId = (await office.post('/api/projects/', { name: 'Elm St fibre', due_date: '2026-12-24' })).body.id;
    await office.list('/api/projects/?active=t');
    const r = await office.download(`/api/projects/report/management/?ids=${projectId}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
