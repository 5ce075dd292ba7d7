/**
 * A ReportTable as an Excel workbook (exceljs). The office sorts and filters these in Excel, so the
 * table is one clean range: title and subtitle above it, a blank row, the header row (frozen, with an
 * auto filter), the rows, a blank row, then the totals. The blank rows keep Excel's own range
 * detection (Ctrl+Shift+L, Sort) from taking the title or the totals into the table.
 */
import ExcelJS from 'exceljs';
import { EXCEL_FORMATS } from '@trenchline/domain';
import { DEFAULT_WIDTH, solidHex, toDateParts, toNumber, toText, type ReportColumn, type ReportTable } from './table.ts';

const HEADER_FILL = 'FF1F3B57';
const HEADER_FONT = 'FFFFFFFF';
/** The domain's one formatter as Excel formats: the cells stay real numbers and dates, written as on the screen. */
export const XLSX_FORMATS = EXCEL_FORMATS;

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export function sheetName(title: string): string {
  const clean = title.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31).trim();
  return clean.replace(/^'+|'+$/g, '') || 'Report';
}

/** The cell value of one table value in a column: real numbers and real (UTC midnight) dates. */
export function cellValue(col: ReportColumn, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  switch (col.kind) {
    case 'date': {
      const p = toDateParts(v);
      // UTC midnight is a whole Excel serial: exceljs converts dates by their UTC time.
      return p ? new Date(Date.UTC(p.y, p.m - 1, p.d)) : toText(v);
    }
    case 'money':
    case 'number': {
      const n = toNumber(v);
      return n === null ? toText(v) : n;
    }
    case 'percent': {
      const n = toNumber(v);
      // Stored as a fraction so Excel's own % format and arithmetic work on it.
      return n === null ? toText(v) : n / 100;
    }
    default:
      return toText(v);
  }
}

/** A width in characters: the column's own, else its kind's, widened for long text up to a cap. */
function columnWidth(col: ReportColumn, table: ReportTable): number {
  if (col.width) return col.width;
  if (col.kind !== 'text') return Math.max(DEFAULT_WIDTH[col.kind], Math.min(col.label.length + 2, 24));
  let longest = col.label.length;
  const sample = table.rows.length > 500 ? table.rows.slice(0, 500) : table.rows;
  for (const r of sample) longest = Math.max(longest, toText(r[col.key]).length);
  if (table.totals) longest = Math.max(longest, toText(table.totals[col.key]).length);
  return Math.max(8, Math.min(longest + 2, 50));
}

/** A table report as an Excel workbook (a document is renderDocumentXlsx in document.ts). */
export async function renderTableXlsx(table: ReportTable): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Trenchline';
  wb.title = table.title;
  if (table.subtitle) wb.subject = table.subtitle;

  const ncols = Math.max(1, table.columns.length);
  const titleRows = table.subtitle ? 2 : 1;
  const headerRow = titleRows + 2;
  const ws = wb.addWorksheet(sheetName(table.title), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow, activeCell: `A${headerRow + 1}` }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${headerRow}:${headerRow}` },
  });

  ws.columns = table.columns.map((c) => ({ key: c.key, width: columnWidth(c, table) }));
  const formats = table.columns.map(numFmtOf);

  ws.getCell(1, 1).value = table.title;
  ws.getCell(1, 1).font = { bold: true, size: 14 };
  if (table.subtitle) {
    ws.getCell(2, 1).value = table.subtitle;
    ws.getCell(2, 1).font = { italic: true, color: { argb: 'FF555555' } };
  }

  const header = ws.getRow(headerRow);
  table.columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.label;
    cell.font = { bold: true, color: { argb: HEADER_FONT } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    cell.alignment = { vertical: 'middle', horizontal: isRight(c) ? 'right' : 'left' };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF000000' } } };
  });

  table.rows.forEach((row, r) => {
    const xrow = ws.getRow(headerRow + 1 + r);
    const fill = solidHex(table.rowColours?.[r]);
    table.columns.forEach((c, i) => {
      const cell = xrow.getCell(i + 1);
      cell.value = cellValue(c, row[c.key]);
      if (formats[i]) cell.numFmt = formats[i]!;
      if (c.kind === 'longtext') cell.alignment = { wrapText: true, vertical: 'top' };
      if (fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${fill}` } };
    });
  });

  const lastDataRow = headerRow + table.rows.length;
  ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: lastDataRow, column: ncols } };

  if (table.totals) {
    const totals = ws.getRow(lastDataRow + 2);
    table.columns.forEach((c, i) => {
      const cell = totals.getCell(i + 1);
      cell.value = cellValue(c, table.totals![c.key]);
      if (formats[i]) cell.numFmt = formats[i]!;
      cell.font = { bold: true };
      cell.border = { top: { style: 'thin', color: { argb: 'FF000000' } } };
    });
  }

  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}

const isRight = (c: ReportColumn) => c.kind === 'money' || c.kind === 'number' || c.kind === 'percent';

/** The Excel number format of a column's cells: money '"$"#,##0.00##', dates 'mm/dd/yyyy', percents '0.00%'. */
export function numFmtOf(c: Pick<ReportColumn, 'kind'>): string | undefined {
  return c.kind === 'money' || c.kind === 'date' || c.kind === 'percent' ? XLSX_FORMATS[c.kind] : undefined;
}
