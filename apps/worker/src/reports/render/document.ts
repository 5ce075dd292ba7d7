/**
 * A document report (a work order): not one long table but a header of labelled values and one or
 * more titled tables. Printed portrait, one record per file. The PDF reuses the table report's cells
 * (pdfTable, pdfText) so money, dates and numbers read the same in both; the XLSX form lays the same
 * parts down one sheet.
 */
import ExcelJS from 'exceljs';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfTable, pdfText, winAnsi } from './pdf.ts';
import { drawableSignature } from './images.ts';
import { cellValue, numFmtOf, sheetName } from './xlsx.ts';
import type { ColumnKind, ReportColumn, ReportTable } from './table.ts';

export interface DocumentField {
  label: string;
  value: unknown;
  /** How the value shows (default text); 'longtext' takes the whole width. */
  kind?: ColumnKind;
}

export interface DocumentSection {
  title: string;
  columns: readonly ReportColumn[];
  rows: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  /** Shown instead of an empty table. */
  empty?: string;
  /** A picture drawn under the table (a signature): a PNG data URL; the PDF only, and only when it passes drawableSignature (images.ts). */
  image?: string | null;
  /** Printed instead of the picture when it is missing or cannot be drawn (a signature saved before images were checked). */
  imageUnreadable?: string;
}

export interface ReportDocument {
  kind: 'document';
  title: string;
  subtitle?: string;
  fields: DocumentField[];
  sections: DocumentSection[];
  /** A line printed on every page's foot under the title (the stamped ticket's content fingerprint). */
  footer?: string;
}

export type ReportOutput = ReportTable | ReportDocument;

export const isDocument = (o: ReportOutput): o is ReportDocument => (o as ReportDocument).kind === 'document';

/** What a report records as its row count: a table's rows, a document's rows over all its sections. */
export const rowCount = (o: ReportOutput) => (isDocument(o) ? o.sections.reduce((s, x) => s + x.rows.length, 0) : o.rows.length);

// Letter portrait is 612 x 792 points.
const PORTRAIT_WIDTH = 612;
const MARGIN = 36;
const LABEL_COLOUR = '#555555';
// A drawn signature fits a box about the size of a signature line.
const IMAGE_WIDTH = 220;
const IMAGE_HEIGHT = 80;

const fieldText = (f: DocumentField) => pdfText({ key: 'v', label: f.label, kind: f.kind ?? 'text' }, f.value);

/** The header: label/value pairs two to a line; long values (and 'longtext') on a line of their own. */
function fieldGrid(fields: DocumentField[]): Content {
  const cell = (f: DocumentField | undefined) =>
    f ? [{ text: winAnsi(f.label), color: LABEL_COLOUR, bold: true }, { text: fieldText(f) || '-' }] : [{ text: '' }, { text: '' }];
  const body: unknown[][] = [];
  const pending: DocumentField[] = [];
  const flush = () => {
    while (pending.length) body.push([...cell(pending.shift()), ...cell(pending.shift())]);
  };
  for (const f of fields) {
    if (f.kind === 'longtext' || fieldText(f).length > 40) {
      flush();
      body.push([{ text: winAnsi(f.label), color: LABEL_COLOUR, bold: true }, { text: fieldText(f) || '-', colSpan: 3 }, {}, {}]);
    } else pending.push(f);
  }
  flush();
  return {
    table: { widths: [80, '*', 80, '*'], body: body as never },
    layout: { hLineWidth: (i: number, node: { table: { body: unknown[] } }) => (i === 0 || i === node.table.body.length ? 0.8 : 0.2), vLineWidth: () => 0, hLineColor: () => '#B0B8C0', paddingTop: () => 3, paddingBottom: () => 3 },
    margin: [0, 0, 0, 10],
  } as Content;
}

export function documentDefinition(doc: ReportDocument): TDocumentDefinitions {
  const title = winAnsi(doc.title);
  const subtitle = doc.subtitle ? winAnsi(doc.subtitle) : undefined;
  const content: Content[] = [{ text: title, fontSize: 16, bold: true, margin: [0, 0, 0, subtitle ? 1 : 8] }];
  if (subtitle) content.push({ text: subtitle, fontSize: 9, color: LABEL_COLOUR, margin: [0, 0, 0, 8] });
  if (doc.fields.length) content.push(fieldGrid(doc.fields));
  for (const s of doc.sections) {
    content.push({ text: winAnsi(s.title), fontSize: 11, bold: true, margin: [0, 6, 0, 3] });
    if (s.rows.length || !s.empty) content.push(pdfTable(s, PORTRAIT_WIDTH - 2 * (MARGIN - 24)));
    else content.push({ text: winAnsi(s.empty), italics: true, color: LABEL_COLOUR, margin: [0, 0, 0, 4] });
    const image = drawableSignature(s.image);
    if (image) content.push({ image, fit: [IMAGE_WIDTH, IMAGE_HEIGHT], margin: [0, 4, 0, 4] });
    else if (s.imageUnreadable) content.push({ text: winAnsi(s.imageUnreadable), italics: true, color: LABEL_COLOUR, margin: [0, 4, 0, 4] });
  }
  const footer = doc.footer ? winAnsi(doc.footer) : null;
  return {
    pageSize: 'LETTER',
    pageOrientation: 'portrait',
    pageMargins: [MARGIN, 32, MARGIN, 32],
    info: { title: doc.title, subject: doc.subtitle, creator: 'Trenchline', producer: 'Trenchline' },
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    footer: (currentPage: number, pageCount: number) => ({
      margin: [MARGIN, 10, MARGIN, 0],
      fontSize: 7,
      color: LABEL_COLOUR,
      stack: [{ columns: [{ text: title }, { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: 90 }] }, ...(footer ? [{ text: footer }] : [])],
    }),
    content,
  };
}

/** The same document on one sheet: title, the labelled values, then each section's table. */
export async function renderDocumentXlsx(doc: ReportDocument): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Trenchline';
  wb.title = doc.title;
  const ws = wb.addWorksheet(sheetName(doc.title), { pageSetup: { orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  const widest = Math.max(2, ...doc.sections.map((s) => s.columns.length));
  ws.columns = Array.from({ length: widest }, (_, i) => ({ width: i === 0 ? 18 : Math.max(12, ...doc.sections.map((s) => s.columns[i]?.width ?? 12)) }));
  let r = 1;
  ws.getCell(r, 1).value = doc.title;
  ws.getCell(r++, 1).font = { bold: true, size: 14 };
  if (doc.subtitle) ws.getCell(r++, 1).value = doc.subtitle;
  r++;
  for (const f of doc.fields) {
    ws.getCell(r, 1).value = f.label;
    ws.getCell(r, 1).font = { bold: true };
    ws.getCell(r, 2).value = cellValue({ key: 'v', label: f.label, kind: f.kind ?? 'text' }, f.value);
    const format = numFmtOf({ kind: f.kind ?? 'text' });
    if (format) ws.getCell(r, 2).numFmt = format;
    r++;
  }
  for (const s of doc.sections) {
    r++;
    ws.getCell(r, 1).value = s.title;
    ws.getCell(r++, 1).font = { bold: true, size: 12 };
    s.columns.forEach((c, i) => {
      const cell = ws.getCell(r, i + 1);
      cell.value = c.label;
      cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3B57' } };
    });
    r++;
    for (const row of [...s.rows, ...(s.totals ? [s.totals] : [])]) {
      s.columns.forEach((c, i) => {
        ws.getCell(r, i + 1).value = cellValue(c, row[c.key]);
        const format = numFmtOf(c);
        if (format) ws.getCell(r, i + 1).numFmt = format;
        if (row === s.totals) ws.getCell(r, i + 1).font = { bold: true };
      });
      r++;
    }
  }
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}
