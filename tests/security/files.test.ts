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
    expect(down.headers.get('content-disposition')).toBe(`attachment; filename="invoice.html"; filename*=UTF-8''invoice.html`);
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
    expect(down.headers.get('content-disposition')).toBe(`inline; filename="picture"; filename*=UTF-8''picture`);
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('given a PDF, when downloaded, then it is shown inline as application/pdf under a CSP without sandbox (which would stop the browser\'s PDF viewer)', async () => {
    const { down } = await roundTrip(pdf('Traffic control plan'), 'application/octet-stream', 'plan.pdf');
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(down.headers.get('content-disposition')).toBe(`inline; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
    expect(down.headers.get('content-security-policy')).not.toContain('sandbox');
  });

  it('given a file name with quotes and spaces, when downloaded, then its safe name is in filename (quotes, which Windows cannot save, as _) and encoded whole in filename*', async () => {
    const { up, down } = await roundTrip('plain text', 'text/plain', `it's "done" (final).txt`);
    expect(up.body.file_name).toBe(`it's "done" (final).txt`);
    expect(down.headers.get('content-disposition')).toBe(`attachment; filename="it's _done_ (final).txt"; filename*=UTF-8''it%27s%20_done_%20%28final%29.txt`);
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

/** The name given in the Content-Disposition's filename*, decoded. */
const starName = (h: Headers) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(h.get('content-disposition') ?? '')?.[1] ?? '');

describe('file names (docs/security.md "File names")', () => {
  it('given a multipart upload named Café_日本.txt (UTF-8, no file_name field), when read back, then file_name and the download\'s filename* are Café_日本.txt', async () => {
    const f = new FormData();
    f.set('file', new Blob(['accents'], { type: 'text/plain' }), 'Café_日本.txt');
    const up = await office.post(`/api/bids/${bidId}/files/`, f);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.file_name).toBe('Café_日本.txt');
    expect((await office.get(`/api/bids/${bidId}/`)).body.files.find((x: { id: string }) => x.id === up.body.id)?.file_name).toBe('Café_日本.txt');
    const down = await office.download(up.body.file);
    expect(starName(down.headers)).toBe('Café_日本.txt');
    expect(down.headers.get('content-disposition')).toBe(`attachment; filename="Cafe__.txt"; filename*=UTF-8''Caf%C3%A9_%E6%97%A5%E6%9C%AC.txt`);
  });

  it('given a file renamed by PUT to ../../../../tmp/x.png, then the name is kept as shown, and its URL and download carry only x.png', async () => {
    const { up } = await roundTrip(PNG, 'image/png', 'x.png');
    const r = await office.put(`/api/bids/files/${up.body.id}/`, { ...up.body, file_name: '../../../../tmp/x.png' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file_name).toBe('../../../../tmp/x.png');
    expect(r.body.file).toBe(`/api/files/${up.body.id}/x.png`);
    const down = await office.download(r.body.file);
    expect(down.headers.get('content-disposition')).toBe(`inline; filename="x.png"; filename*=UTF-8''x.png`);
    const back = await office.put(`/api/bids/files/${up.body.id}/`, { file_name: '..\\..\\windows\\win.ini' });
    expect(starName((await office.download(back.body.file)).headers)).toBe('win.ini');
  });

  it.each([
    ['a NUL', 'x\u0000.png'],
    ['a line break', 'x\r\nSet-Cookie: a=b.png'],
    ['a tab', 'x\t.png'],
    ['a C1 control', 'x\u0085.png'],
  ])('given %s in a file_name sent by PUT or with an upload, then 400 naming file_name and nothing is written', async (_what, name) => {
    const { up } = await roundTrip('kept', 'text/plain', 'kept.txt');
    const before = await eventCount();
    const put = await office.put(`/api/bids/files/${up.body.id}/`, { ...up.body, file_name: name });
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({ error: 'invalid', fields: { file_name: expect.any(String) } });
    const posted = await office.post(`/api/bids/${bidId}/files/`, form('x', 'text/plain', 'ok.txt', { file_name: name }));
    expect(posted.status).toBe(400);
    expect(posted.body.fields).toHaveProperty('file_name');
    expect(await eventCount()).toBe(before);
    expect((await office.get(`/api/bids/${bidId}/`)).body.files.find((x: { id: string }) => x.id === up.body.id)?.file_name).toBe('kept.txt');
  });

  it.each([
    ['a line break (sent as %0A)', 'a\nb.txt'],
    ['a tab', 'a\tb.txt'],
    ['a NUL (a part header busboy cannot read)', 'a\u0000b.txt'],
  ])('given an upload whose own name holds %s and no file_name, then 400 naming file and nothing is written', async (_what, name) => {
    const before = await eventCount();
    const f = new FormData();
    f.set('file', new Blob(['x'], { type: 'text/plain' }), name);
    const r = await office.post(`/api/bids/${bidId}/files/`, f);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'invalid', fields: { file: expect.any(String) } });
    expect(await eventCount()).toBe(before);
  });

  it('given the training video or background picture named with a control character, then 400 naming the name field and nothing is written', async () => {
    const before = await eventCount();
    const video = new FormData();
    video.set('file', new Blob(['not really a video'], { type: 'video/mp4' }), 'intro.mp4');
    video.set('file_name', 'intro\n.mp4');
    const v = await office.put('/api/settings/how2s/videos/1/', video);
    expect(v.status).toBe(400);
    expect(v.body.fields).toHaveProperty('file_name');
    const r = await office.put('/api/settings/background_picture/', form(PNG, 'image/png', 'yard.png', { background_picture_file_name: 'yard\t.png' }));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('background_picture_file_name');
    expect(await eventCount()).toBe(before);
  });

  it('given a help ticket file named ../../../etc/passwd, then the name is kept as shown and the download carries passwd', async () => {
    const ticket = await office.post('/api/help/', { subject: 'Names' });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const f = form('root:x:0:0', 'text/plain', '../../../etc/passwd', { helpticket: ticket.body.id, file_type: 'log' });
    const up = await office.post(`/api/help/${ticket.body.id}/files/`, f);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.file_name).toBe('../../../etc/passwd');
    expect(up.body.file).toBe(`/api/files/${up.body.id}/passwd`);
    expect(starName((await office.download(up.body.file)).headers)).toBe('passwd');
  });
});
