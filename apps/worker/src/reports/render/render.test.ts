/** The report renderers: an XLSX that Excel (here exceljs) reads back typed, and a PDF poppler can draw. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { pdfText, renderPdf, renderXlsx, sheetName, solidHex, toDateParts, winAnsi, type ReportTable } from './index.ts';

const OUT = join(tmpdir(), 'trenchline-report-render');
const POPPLER = existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdfinfo');
if (!POPPLER) console.warn('render.test: poppler-utils (pdftoppm, pdfinfo) missing, PDF drawing tests skipped');

function projects(n: number): ReportTable {
  const rows = Array.from({ length: n }, (_, i) => ({
    name: `Project ${i + 1} - Elm St fibre`,
    start: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    crews: i % 7,
    // Postgres numerics arrive as strings.
    budget: (1000 + i * 12.5).toFixed(2),
    done: (i * 3) % 101,
    notes: i % 4 === 0 ? 'Bore under the highway; permit from the county pending, crew 3 on standby until the locate is clear.' : 'On track',
  }));
  return {
    title: 'Management report',
    subtitle: 'Acme Fibre - Generated 11/22/2026 14:03',
    columns: [
      { key: 'name', label: 'Project', kind: 'text', width: 26 },
      { key: 'start', label: 'Start', kind: 'date' },
      { key: 'crews', label: 'Crews', kind: 'number' },
      { key: 'budget', label: 'Budget', kind: 'money' },
      { key: 'done', label: 'Done', kind: 'percent' },
      { key: 'notes', label: 'Notes', kind: 'longtext' },
    ],
    rows,
    totals: { name: `Totals (${n} projects)`, crews: rows.reduce((s, r) => s + r.crews, 0), budget: rows.reduce((s, r) => s + Number(r.budget), 0) },
    rowColours: rows.map((_, i) => (i === 1 ? 'rgba(255, 0, 0, 0.25)' : null)),
  };
}

const pdfPages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

describe('value helpers', () => {
  it('given rgba and hex colours, then they become opaque hex blended onto white', () => {
    expect(solidHex('rgba(255, 0, 0, 0.25)')).toBe('FFBFBF');
    expect(solidHex('#0a0')).toBe('00AA00');
    expect(solidHex('#112233')).toBe('112233');
    expect(solidHex('rgb(1,2,3)')).toBe('010203');
    expect(solidHex('teal')).toBeNull();
    expect(solidHex(null)).toBeNull();
  });

  it('given date strings, then only real calendar days are dates', () => {
    expect(toDateParts('2026-11-22')).toEqual({ y: 2026, m: 11, d: 22 });
    expect(toDateParts('2026-11-22T23:30:00Z')).toEqual({ y: 2026, m: 11, d: 22 });
    expect(toDateParts('2026-02-30')).toBeNull();
    expect(toDateParts('soon')).toBeNull();
  });

  it('given values, then the PDF shows MM/DD/YYYY dates, dollars and cents, and percents', () => {
    expect(pdfText({ key: 'd', label: 'D', kind: 'date' }, '2026-01-05')).toBe('01/05/2026');
    expect(pdfText({ key: 'm', label: 'M', kind: 'money' }, '1234.5')).toBe('$1,234.50');
    expect(pdfText({ key: 'm', label: 'M', kind: 'money' }, -3)).toBe('-$3.00');
    expect(pdfText({ key: 'p', label: 'P', kind: 'percent' }, 12.5)).toBe('12.50%');
    expect(pdfText({ key: 't', label: 'T', kind: 'text' }, null)).toBe('');
    expect(winAnsi('Crew 3 – “ok” ✓')).toBe('Crew 3 – “ok” ?');
  });

  it('given a title Excel would refuse, then the sheet name is cleaned to 31 characters', () => {
    expect(sheetName('Billing: 11/2026 [draft]')).toBe('Billing 11 2026 draft');
    expect(sheetName('A very long management report title for the north')).toHaveLength(31);
    expect(sheetName('///')).toBe('Report');
  });
});

describe('renderXlsx', () => {
  it('given a table, when rendered to XLSX, then exceljs reads back the header, typed values and totals', async () => {
    const table = projects(3);
    const buf = await renderXlsx(table);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];

    expect(ws.name).toBe('Management report');
    expect(ws.getCell('A1').value).toBe('Management report');
    expect(ws.getCell('A2').value).toBe('Acme Fibre - Generated 11/22/2026 14:03');

    // Title, subtitle, blank, then the header row: frozen, filtered, bold on a fill.
    const header = ws.getRow(4);
    expect((header.values as unknown[]).slice(1)).toEqual(['Project', 'Start', 'Crews', 'Budget', 'Done', 'Notes']);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(1).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(ws.autoFilter).toBe('A4:F7');

    const first = ws.getRow(5);
    expect(first.getCell(1).value).toBe('Project 1 - Elm St fibre');
    // A real date, the same calendar day whatever the time zone (exceljs reads dates as UTC).
    const start = first.getCell(2).value;
    expect(start).toBeInstanceOf(Date);
    expect((start as Date).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(first.getCell(2).numFmt).toBe('mm/dd/yyyy');
    expect(first.getCell(3).value).toBe(0);
    expect(first.getCell(4).value).toBe(1000);
    expect(first.getCell(4).numFmt).toBe('"$"#,##0.00##');
    expect(ws.getRow(6).getCell(4).value).toBe(1012.5);
    expect(ws.getRow(6).getCell(5).value).toBeCloseTo(0.03);
    expect(ws.getRow(6).getCell(5).numFmt).toBe('0.00%');
    expect(first.getCell(6).alignment?.wrapText).toBe(true);
    // The row colour, rgba blended onto white.
    expect(ws.getRow(6).getCell(1).fill).toMatchObject({ fgColor: { argb: 'FFFFBFBF' } });

    // A blank row keeps the totals out of the sortable range.
    expect(ws.getRow(8).getCell(1).value).toBeNull();
    const totals = ws.getRow(9);
    expect(totals.getCell(1).value).toBe('Totals (3 projects)');
    expect(totals.getCell(1).font?.bold).toBe(true);
    expect(totals.getCell(3).value).toBe(3);
    expect(totals.getCell(4).value).toBe(3037.5);
    expect(totals.getCell(4).font?.bold).toBe(true);
  });

  it('given no subtitle, totals or rows, then the header is row 3 and the filter covers it alone', async () => {
    const buf = await renderXlsx({ title: 'Crew report', columns: [{ key: 'a', label: 'A', kind: 'text' }], rows: [] });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getCell('A3').value).toBe('A');
    expect(ws.autoFilter).toBe('A3:A3');
    expect(ws.rowCount).toBe(3);
  });
});

describe.skipIf(!POPPLER)('renderPdf', () => {
  mkdirSync(OUT, { recursive: true });

  it('given a table, when rendered to PDF, then it is a PDF whose first page poppler draws', async () => {
    const pdf = await renderPdf(projects(25));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = join(OUT, 'projects-25.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(OUT, 'projects-25-page1')]);
    const png = join(OUT, 'projects-25-page1.png');
    expect(readFileSync(png).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(statSync(png).size).toBeGreaterThan(5_000);
    expect(pdfPages(file)).toBe(1);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Title:\s+Management report/);
    // Letter, landscape.
    expect(info).toMatch(/Page size:\s+792 x 612 pts/);
  });

  it('given 200 rows, when rendered, then there are several pages, each with the header row and its page number', async () => {
    const file = join(OUT, 'projects-200.pdf');
    writeFileSync(file, await renderPdf(projects(200)));
    const pages = pdfPages(file);
    expect(pages).toBeGreaterThan(2);
    if (existsSync('/usr/bin/pdftotext')) {
      const page2 = execFileSync('pdftotext', ['-layout', '-f', '2', '-l', '2', file, '-'], { encoding: 'utf8' });
      expect(page2).toMatch(/Project\s+Start\s+Crews\s+Budget\s+Done\s+Notes/);
      expect(page2).toContain(`Page 2 of ${pages}`);
      const last = execFileSync('pdftotext', ['-layout', '-f', String(pages), '-l', String(pages), file, '-'], { encoding: 'utf8' });
      expect(last).toMatch(/Totals \(200 projects\)\s+594\s+\$448,750\.00/);
    }
  });

  // Its time is measured by bench/src/reports.ts, never asserted here.
  it('given 2,000 rows, when rendered, then every row is paged out', async () => {
    const pdf = await renderPdf(projects(2000));
    const file = join(OUT, 'projects-2000.pdf');
    writeFileSync(file, pdf);
    expect(pdfPages(file)).toBeGreaterThan(20);
  });
});
