/** SVA codes and their CSV rate-sheet import (docs/settings.md) over HTTP against the real app. */
import { describe, expect, it } from 'vitest';
import { ids, csv, multipart, settingsTest } from '../support/settings.ts';

const { office, rival, eventCount } = settingsTest('api_settings_sva');

describe('SVA codes', () => {
  it('given a user, when an SVA code is added, then 201 with {id, code, description, uom, rate, provisions} and it is listed', async () => {
    const r = await office.post('/api/settings/jobs/sva_codes/', { code: 'ADD-1', description: 'Bore 2 inch', uom: 'ft', rate: '18.25', provisions: 'Includes restoration' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ code: 'ADD-1', description: 'Bore 2 inch', uom: 'ft', rate: 18.25, provisions: 'Includes restoration' });
    expect(r.body.id).toMatch(/^\d+$/);
    const list = (await office.get('/api/settings/jobs/sva_codes/')).body;
    expect(list.find((c: { id: string }) => c.id === r.body.id)).toMatchObject({ code: 'ADD-1', rate: 18.25 });
  });

  it('given an SVA code, when another is added with the same code in other case and spacing, then 409 naming code and nothing is written', async () => {
    await office.post('/api/settings/jobs/sva_codes/', { code: 'DUP-1', description: 'First' });
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/', { code: ' dup-1 ', description: 'Second' });
    expect(r.status).toBe(409);
    expect(r.body.fields).toHaveProperty('code');
    expect(await eventCount()).toBe(before);
  });

  it.each([
    [{ code: 'NEG-1', rate: -1 }, 'rate'],
    [{ code: 'NAN-1', rate: 'twelve' }, 'rate'],
    [{ code: '   ' }, 'code'],
    [{ code: 'X'.repeat(51) }, 'code'],
    [{ description: 'No code at all', rate: 5 }, 'code'],
  ])('given a user, when an SVA code is added with %j, then 400 naming %s and nothing is written', async (body, field) => {
    await office.get('/api/settings/jobs/sva_codes/'); // the sheet exists before counting
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/', body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given SVA codes, when one is edited, then 200; taking another\'s code is 409 and nothing is written', async () => {
    const a = (await office.post('/api/settings/jobs/sva_codes/', { code: 'PUT-1', description: 'A', rate: 1 })).body;
    await office.post('/api/settings/jobs/sva_codes/', { code: 'PUT-2', description: 'B', rate: 2 });
    const e = await office.put(`/api/settings/jobs/sva_codes/${a.id}/`, { rate: 1.75, description: 'A revised' });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ id: a.id, code: 'PUT-1', rate: 1.75, description: 'A revised' });
    const before = await eventCount();
    const clash = await office.put(`/api/settings/jobs/sva_codes/${a.id}/`, { code: 'put-2' });
    expect(clash.status).toBe(409);
    expect(clash.body.fields).toHaveProperty('code');
    expect((await office.put(`/api/settings/jobs/sva_codes/${a.id}/`, { rate: 'x' })).body.fields).toHaveProperty('rate');
    expect(await eventCount()).toBe(before);
  });

  it('given an SVA code, when deleted, then it is gone and deleting it again is 410', async () => {
    const a = (await office.post('/api/settings/jobs/sva_codes/', { code: 'DEL-1', description: 'Gone', rate: 1 })).body;
    expect((await office.del(`/api/settings/jobs/sva_codes/${a.id}/`)).status).toBe(200);
    expect(ids((await office.get('/api/settings/jobs/sva_codes/')).body)).not.toContain(a.id);
    expect((await office.del(`/api/settings/jobs/sva_codes/${a.id}/`)).status).toBe(410);
    expect((await office.post('/api/settings/jobs/sva_codes/', { code: 'DEL-1', description: 'Back', rate: 1 })).status).toBe(201);
  });

  it('given another account\'s SVA code, when edited or deleted, then 404 and nothing is written; its list never shows it', async () => {
    const a = (await office.post('/api/settings/jobs/sva_codes/', { code: 'MINE-1', description: 'Private', rate: 9 })).body;
    await rival.get('/api/settings/jobs/sva_codes/');
    const before = await eventCount();
    expect((await rival.put(`/api/settings/jobs/sva_codes/${a.id}/`, { rate: 0 })).status).toBe(404);
    expect((await rival.del(`/api/settings/jobs/sva_codes/${a.id}/`)).status).toBe(404);
    expect(await eventCount()).toBe(before);
    expect((await rival.get('/api/settings/jobs/sva_codes/')).body.map((c: { code: string }) => c.code)).not.toContain('MINE-1');
  });

  it('given a CSV, when previewed, then the plan is answered and nothing is written', async () => {
    await office.get('/api/settings/jobs/sva_rate_sheet/');
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('Code,Description,UOM,Rate,Provisions\nPRE-1,Preview one,ft,2.50,\nPRE-2,Preview two,ea,"$1,234.50",Quoted\n'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, preview: true, fileErrors: [], counts: { add: 2, update: 0, unchanged: 0, error: 0 } });
    expect(r.body.rows[1]).toMatchObject({ line: 3, code: 'PRE-2', action: 'add', values: { rate: 1234.5, provisions: 'Quoted' } });
    expect(await eventCount()).toBe(before);
    expect((await office.get('/api/settings/jobs/sva_codes/')).body.map((c: { code: string }) => c.code)).not.toContain('PRE-1');
  });

  it('given a CSV with a bad row, when imported, then 400 with the plan naming the line and column, and nothing is written', async () => {
    await office.get('/api/settings/jobs/sva_rate_sheet/');
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,rate\nBADF-1,Fine,1\nBADF-2,Broken,ten\nBADF-3,Unquoted,$1,200.00\n'));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid');
    expect(r.body.fields).toHaveProperty('file');
    expect(r.body.message).toMatch(/Nothing imported/);
    expect(r.body.plan).toMatchObject({ ok: false, counts: { add: 1, error: 2 } });
    expect(r.body.plan.rows[1]).toMatchObject({ line: 3, action: 'error', errors: { rate: expect.stringMatching(/not an amount/) } });
    expect(r.body.plan.rows[2]).toMatchObject({ line: 4, action: 'error', errors: { row: expect.stringMatching(/double quotes/) } });
    expect(await eventCount()).toBe(before);
    expect((await office.get('/api/settings/jobs/sva_codes/')).body.map((c: { code: string }) => c.code)).not.toContain('BADF-1');
  });

  it('given a CSV with a code twice, when previewed, then the second row names the line of the first', async () => {
    const r = await office.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('code,description,rate\nTWICE,One,1\nOTHER,Two,2\ntwice,Three,3\n'));
    expect(r.body.rows[2]).toMatchObject({ line: 4, action: 'error' });
    expect(r.body.rows[2].errors.code).toMatch(/also line 2/);
  });

  it('given a CSV with a blank line before a bad row, when previewed, then the bad row is named by its line in the file', async () => {
    const r = await office.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('code,description,rate\nBLANK-1,One,1\n\nBLANK-2,Two,oops\n'));
    expect(r.status).toBe(200);
    expect(r.body.rows.map((x: { line: number; code: string }) => [x.line, x.code])).toEqual([
      [2, 'BLANK-1'],
      [4, 'BLANK-2'],
    ]);
  });

  it.each([
    ['no file', () => { const f = new FormData(); f.set('note', 'x'); return f; }],
    ['an empty file', () => csv('')],
  ])('given %s, when imported, then 400 naming file and nothing is written', async (_what, body) => {
    await office.get('/api/settings/jobs/sva_rate_sheet/');
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', body());
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });

  it('given a rate sheet Excel saved as plain CSV (Windows-1252), when previewed, then "Café" is read; said to be UTF-8, the bad byte is a 400 naming file and its line', async () => {
    const cp1252 = Buffer.concat([Buffer.from('code,description,rate\r\nENC-1,Caf'), Buffer.from([0xe9]), Buffer.from(' crew,5\r\n')]);
    const r = await office.post('/api/settings/jobs/sva_codes/import/?preview=t', multipart(cp1252, 'text/csv', 'rates.csv'));
    expect(r.status).toBe(200);
    expect(r.body.rows[0]).toMatchObject({ code: 'ENC-1', values: { description: 'Café crew' } });
    const before = await eventCount();
    const strict = await office.post('/api/settings/jobs/sva_codes/import/', multipart(cp1252, 'text/csv', 'rates.csv', { encoding: 'utf-8' }));
    expect(strict.status).toBe(400);
    expect(strict.body.fields.file).toBe('line 2 has a byte that is not UTF-8 (0xE9): if Excel saved the file as plain "CSV", choose Windows-1252');
    expect(await eventCount()).toBe(before);
  });

  it('given a file that is not readable CSV (an unclosed quote), when imported, then 400 naming file and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,rate\n"UNCLOSED,Broken,1\n'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('file');
    expect(await eventCount()).toBe(before);
  });

  it('given a CSV without the rate column, when imported, then 400 with the file error and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description\nNR-1,No rate\n'));
    expect(r.status).toBe(400);
    expect(r.body.plan.fileErrors[0]).toMatch(/Missing column: rate/);
    expect(await eventCount()).toBe(before);
  });

  it('given a good import, when the file is imported again with changes, then the changes are counted as updates and the sheet shows the last import', async () => {
    const first = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,uom,rate,provisions\nIMP-1,Trench 12 in,ft,3.25,\nIMP-2,Pothole,ea,80,\nIMP-3,Splice,ea,"$1,200.00",Per case\n', 'first.csv'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, counts: { add: 3, update: 0, unchanged: 0, error: 0 }, imported: { added: 3, updated: 0, unchanged: 0 } });
    expect(first.body.version).toEqual(expect.any(Number));
    const codes = () => office.get('/api/settings/jobs/sva_codes/').then((r) => (r.body as { id: string; code: string | null; rate: number }[]).map((c) => ({ ...c, code: c.code ?? '' })));
    const imported = (await codes()).filter((c) => c.code.startsWith('IMP-'));
    expect(imported.map((c) => [c.code, c.rate])).toEqual([
      ['IMP-1', 3.25],
      ['IMP-2', 80],
      ['IMP-3', 1200],
    ]);

    const before = await eventCount();
    const second = await office.post('/api/settings/jobs/sva_codes/import/', csv('RATE, code ,Description,Provisions,UOM\n3.50,imp-1,Trench 12 in,,ft\n80,IMP-2,Pothole 2x2,,ea\n"$1,200.00",IMP-3,Splice,Per case,ea\n9,IMP-4,New one,,ea\n', 'second.csv'));
    expect(second.status).toBe(200);
    expect(second.body.counts).toEqual({ add: 1, update: 2, unchanged: 1, error: 0 });
    expect(second.body.rows[0]).toMatchObject({ action: 'update', changes: { rate: { old: 3.25, new: 3.5 } } });
    // One import, one event, however many codes it touches.
    expect(await eventCount()).toBe(before + 1);
    const after = (await codes()).filter((c) => c.code.toLowerCase().startsWith('imp-'));
    expect(after.map((c) => [c.code, c.rate])).toEqual([
      ['imp-1', 3.5],
      ['IMP-2', 80],
      ['IMP-3', 1200],
      ['IMP-4', 9],
    ]);
    expect(after[0].id).toBe(imported[0].id);

    const sheet = (await office.get('/api/settings/jobs/sva_rate_sheet/')).body;
    expect(sheet).toMatchObject({ last_import: { file_name: 'second.csv', added: 1, updated: 2, unchanged: 1, by: 'Office User' } });
    expect(sheet.code_count).toBe(sheet.sva_codes.length);
    expect(sheet.sva_codes.map((c: { code: string }) => c.code)).toContain('IMP-4');

    const h = (await office.get('/api/settings/jobs/sva_rate_sheet/history/')).body;
    expect(h[0].type).toBe('SvaRateSheetOpened');
    expect(h.filter((e: { type: string }) => e.type === 'SvaCodesImported').map((e: { changes: { field: string; new: unknown }[] }) => e.changes.find((c) => c.field === 'file_name')?.new)).toEqual(
      expect.arrayContaining(['first.csv', 'second.csv']),
    );
    expect(h.some((e: { type: string; collection?: string }) => e.type === 'SvaCodeAdded' && e.collection === 'sva_codes')).toBe(true);

    const again = await office.post('/api/settings/jobs/sva_codes/import/', csv('rate,code,description,uom,provisions\n3.50,imp-1,Trench 12 in,ft,\n'));
    expect(again.status).toBe(200);
    expect(again.body.counts).toEqual({ add: 0, update: 0, unchanged: 1, error: 0 });

    // Imported codes are codes like any other: edited and deleted by their own id.
    const imp4 = after.find((c) => c.code === 'IMP-4')!;
    expect((await office.put(`/api/settings/jobs/sva_codes/${imp4.id}/`, { rate: 9.5 })).body).toMatchObject({ id: imp4.id, code: 'IMP-4', rate: 9.5 });
    expect((await office.del(`/api/settings/jobs/sva_codes/${imp4.id}/`)).status).toBe(200);
    expect((await rival.put(`/api/settings/jobs/sva_codes/${after[0].id}/`, { rate: 0 })).status).toBe(404);
  });

  it('given codes with a unit and provisions, when a file without those optional columns is imported, then they are kept, not blanked', async () => {
    expect((await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,uom,rate,provisions\nOPT-1,Handhole,ea,150,Includes lid\n'))).status).toBe(200);
    const r = await office.post('/api/settings/jobs/sva_codes/import/', csv('code,description,rate\nOPT-1,Handhole,175\n'));
    expect(r.status).toBe(200);
    expect(r.body.rows[0].changes).toEqual({ rate: { old: 150, new: 175 } });
    const code = (await office.get('/api/settings/jobs/sva_codes/')).body.find((c: { code: string }) => c.code === 'OPT-1');
    expect(code).toMatchObject({ uom: 'ea', provisions: 'Includes lid', rate: 175 });
  });

  it('given another account, when it previews the same file, then every code is new to it (sheets are per account)', async () => {
    const r = await rival.post('/api/settings/jobs/sva_codes/import/?preview=t', csv('code,description,rate\nIMP-1,Trench,3.5\n'));
    expect(r.body.rows[0]).toMatchObject({ action: 'add' });
    expect((await rival.get('/api/settings/jobs/sva_rate_sheet/')).body.last_import).toBeNull();
  });

  it('given the rate sheet, when read as of before any code, then it had none', async () => {
    const sheet = (await office.get('/api/settings/jobs/sva_rate_sheet/')).body;
    const h = (await office.get('/api/settings/jobs/sva_rate_sheet/history/')).body;
    const then = await office.get(`/api/settings/jobs/sva_rate_sheet/?as_of=${encodeURIComponent(h[0].at)}`);
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ id: sheet.id, sva_codes: [], version: 1 });
  });
});
