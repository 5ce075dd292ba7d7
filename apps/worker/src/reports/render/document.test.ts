/** The document form (a work order): labelled header values and titled tables, as PDF and XLSX. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isDocument, renderPdf, renderXlsx, rowCount, type ReportDocument } from './index.ts';

const OUT = join(tmpdir(), 'trenchline-report-render');
const POPPLER = existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdftotext');

function workOrder(items: number): ReportDocument {
  return {
    kind: 'document',
    title: 'Work order 41',
    subtitle: 'Job 1007 · printed 2026-11-22 15:00 UTC',
    fields: [
      { label: 'Work order #', value: '41' },
      { label: 'Job #', value: '1007' },
      { label: 'Customer', value: 'AT&T' },
      { label: 'Scheduled', value: '2026-11-30', kind: 'date' },
      { label: 'Crew', value: null },
      { label: 'Work', value: 'Bore 300 ft of 2" HDPE under Oak Ave between the handholes at stations 3+00 and 6+00; restore sod.', kind: 'longtext' },
    ],
    sections: [
      {
        title: 'Items',
        columns: [
          { key: 'line_number', label: 'Line', kind: 'number', width: 6 },
          { key: 'item', label: 'Item', kind: 'text', width: 22 },
          { key: 'qty', label: 'Qty', kind: 'number', width: 9 },
        ],
        rows: Array.from({ length: items }, (_, i) => ({ line_number: i + 1, item: `Bore ${i + 1}`, qty: 1.5 * (i + 1) })),
        totals: { item: `${items} items`, qty: (1.5 * items * (items + 1)) / 2 },
      },
      { title: 'Materials', columns: [{ key: 'item_code', label: 'Code', kind: 'text' }], rows: [], empty: 'No materials on this work order.' },
    ],
  };
}

describe('document reports', () => {
  it('given a document, then it is told apart from a table and its rows are counted over its sections', () => {
    expect(isDocument(workOrder(3))).toBe(true);
    expect(isDocument({ title: 't', columns: [], rows: [] })).toBe(false);
    expect(rowCount(workOrder(3))).toBe(3);
    expect(rowCount({ title: 't', columns: [], rows: [{}, {}] })).toBe(2);
  });

  it('given a document, when rendered to XLSX, then the labelled values and each titled table are on the sheet', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await renderXlsx(workOrder(2))) as unknown as ArrayBuffer);
    const values = (wb.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(values[0]).toEqual(['Work order 41']);
    expect(values).toContainEqual(['Customer', 'AT&T']);
    expect(values.find((r) => r[0] === 'Scheduled')?.[1]).toBeInstanceOf(Date);
    const at = values.findIndex((r) => r[0] === 'Items');
    expect(values[at + 1]).toEqual(['Line', 'Item', 'Qty']);
    expect(values[at + 2]).toEqual([1, 'Bore 1', 1.5]);
    expect(values[at + 4]).toEqual([undefined, '2 items', 4.5]);
    expect(values.some((r) => r[0] === 'Materials')).toBe(true);
  });

  it.skipIf(!POPPLER)('given a document, when rendered to PDF, then it is a portrait page with the header values, the items table with its totals, and the empty section note', async () => {
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, 'work-order.pdf');
    writeFileSync(file, await renderPdf(workOrder(4)));
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792 pts/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Work order 41');
    expect(text).toMatch(/Customer\s+AT&T/);
    expect(text).toMatch(/Scheduled\s+11\/30\/2026/);
    expect(text).toMatch(/Crew\s+-/);
    expect(text).toContain('restore sod.');
    expect(text).toMatch(/Line\s+Item\s+Qty/);
    expect(text).toMatch(/4 items\s+15/);
    expect(text).toContain('No materials on this work order.');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, join(OUT, 'work-order')]);
    expect(statSync(join(OUT, 'work-order.png')).size).toBeGreaterThan(5_000);
  });

  it.skipIf(!POPPLER)('given a long document, then its tables run on over pages with the header row repeated', async () => {
    const file = join(OUT, 'work-order-long.pdf');
    mkdirSync(OUT, { recursive: true });
    writeFileSync(file, await renderPdf(workOrder(150)));
    const page2 = execFileSync('pdftotext', ['-layout', '-f', '2', '-l', '2', file, '-'], { encoding: 'utf8' });
    expect(page2).toMatch(/Line\s+Item\s+Qty/);
    expect(page2).toMatch(/Page 2 of \d/);
  });
});
