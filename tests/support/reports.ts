/**
 * What report and bulk tests read back: a generated sheet's table, a PDF's text as poppler lays it out,
 * a bulk operation run to its end, and a stream's events. Shared so each test says only what it expects.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { expect } from 'vitest';
import type { Client } from './client.ts';

type Row = Record<string, any>;

/** POST (or PUT) that must be answered 200 or 201; its body. */
export async function created(c: Client, path: string, body: Record<string, unknown> | FormData, method: 'POST' | 'PUT' = 'POST'): Promise<Row> {
  const r = await c.request(method, path, body);
  if (r.status !== 201 && r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Row;
}

/** Ask for a bulk action and wait (polling GET, as the web may) until it ends; its last answer. */
export async function runBulk(c: Client, body: Record<string, unknown>): Promise<Row> {
  const asked = await c.post('/api/bulk/', body);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  await expect.poll(async () => (await c.get(`/api/bulk/${asked.body.id}/`)).body.status, { timeout: 20_000, interval: 100 }).toMatch(/done|failed/);
  return (await c.get(`/api/bulk/${asked.body.id}/`)).body;
}

/** A stream's events in order, as stored. */
export const eventsOfStream = async (db: pg.Pool, stream: string) =>
  (await db.query('select type, data from events where stream_id = $1 order by stream_version', [stream])).rows as { type: string; data: Row }[];

/**
 * The first sheet's table: its title (cell A1), the header row (the first whose first cell is
 * `firstHeader`), the rows under it (`body`, and the last: `totals`) and each row's fill.
 */
export async function readSheet(bytes: Buffer, firstHeader: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  let headerRow = 0;
  ws.eachRow((row, n) => {
    if (!headerRow && row.getCell(1).value === firstHeader) headerRow = n;
  });
  expect(headerRow, `header row starting ${firstHeader}`).toBeGreaterThan(0);
  const header = (ws.getRow(headerRow).values as unknown[]).slice(1) as string[];
  const rows: { values: Row; fill: string | null }[] = [];
  ws.eachRow((row, n) => {
    if (n <= headerRow) return;
    const fill = row.getCell(1).fill as { fgColor?: { argb?: string } } | undefined;
    rows.push({ values: Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value ?? null])), fill: fill?.fgColor?.argb ?? null });
  });
  const body = rows.slice(0, -1);
  return { title: ws.getCell(1, 1).value, header, body: body.map((x) => x.values), fills: body.map((x) => x.fill), totals: rows[rows.length - 1]?.values };
}

const pdfDir = join(tmpdir(), 'tl-report-pdfs');

/** The PDF's text as pdftotext lays it out. */
export function pdfText(bytes: Buffer, name: string) {
  mkdirSync(pdfDir, { recursive: true });
  const file = join(pdfDir, `${name}-${process.pid}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Each text appears, in this order. */
export const inOrder = (text: string, parts: string[]) => parts.map((p) => text.indexOf(p)).every((i, n, all) => i >= 0 && (n === 0 || i > all[n - 1]));
