/**
 * A ReportTable as a PDF: landscape letter, a dense zebra table whose header row repeats on every
 * page, money right-aligned with 2 decimals, a bold totals row, 'Page x of y' in the footer.
 *
 * Why pdfmake (0.3): a declarative document whose tables split across pages with repeated header rows
 * and page-count footers out of the box, which raw PDFKit would leave to us; pure JavaScript (PDFKit
 * underneath), no install scripts and no headless browser to run in the worker; and the 14 standard
 * PDF fonts (Helvetica here) need no font files.
 */
import { createRequire } from 'node:module';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatDate, formatMoney, formatPercent, formatQuantity } from '@trenchline/domain';
import { DEFAULT_WIDTH, solidHex, toDateParts, toNumber, toText, type ReportColumn, type ReportTable } from './table.ts';

// pdfmake's entry is CommonJS exporting one instance: require it, as a default/namespace import
// resolves differently under Node, tsx and vitest.
const pdfmake = createRequire(import.meta.url)('pdfmake') as typeof import('pdfmake');

const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
let configured = false;

/** The instance is process-wide: fonts and policies are set once; nothing may be fetched or read. */
function printer() {
  if (!configured) {
    pdfmake.setFonts({ Helvetica: { ...HELVETICA } });
    pdfmake.setUrlAccessPolicy(() => false);
    // The standard font names reach the local-file check too; they are built into PDFKit, not files.
    pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
    configured = true;
  }
  return pdfmake;
}

// Letter landscape is 792 x 612 points.
const PAGE_WIDTH = 792;
const MARGIN_X = 24;
const CELL_PADDING_X = 3;
const HEADER_FILL = '#1F3B57';
const ZEBRA_FILL = '#EEF2F6';


// What Helvetica (WinAnsi) can draw besides Latin-1: the cp1252 extras (dashes, quotes, euro ...).
const NOT_WINANSI = /[^\t\n\r\x20-\x7E\xA0-\xFF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu;

/** A character the standard fonts cannot draw shows as '?' rather than as a wrong glyph. */
export const winAnsi = (s: string) => s.replace(NOT_WINANSI, '?');

/** The text a value shows in a column, by the domain's one formatter: 01/05/2026, $1,234.50, 1,250, 12.50%. */
export function pdfText(col: ReportColumn, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (col.kind) {
    case 'date': {
      const p = toDateParts(v);
      return p ? formatDate(new Date(Date.UTC(p.y, p.m - 1, p.d))) : toText(v);
    }
    case 'money':
      return toNumber(v) === null ? toText(v) : formatMoney(toNumber(v));
    case 'number':
      return toNumber(v) === null ? toText(v) : formatQuantity(toNumber(v));
    case 'percent':
      return toNumber(v) === null ? toText(v) : formatPercent(toNumber(v));
    default:
      return winAnsi(toText(v));
  }
}

const isRight = (c: ReportColumn) => c.kind === 'money' || c.kind === 'number' || c.kind === 'percent';

/**
 * Fixed widths in points, shared out in proportion to the columns' character widths: no 'auto'
 * measuring of 2,000 rows. `pageWidth` is the landscape page's unless a document (portrait) says so.
 */
export function pdfWidths(columns: readonly ReportColumn[], pageWidth = PAGE_WIDTH): number[] {
  const weights = columns.map((c) => c.width ?? DEFAULT_WIDTH[c.kind]);
  const total = weights.reduce((s, w) => s + w, 0) || 1;
  // pdfmake's widths exclude the cells' horizontal padding.
  const usable = pageWidth - 2 * MARGIN_X - columns.length * 2 * CELL_PADDING_X;
  return weights.map((w) => Math.max(12, Math.floor((usable * w) / total)));
}

/** The report's table as pdfmake content: a header row on the dark fill, zebra rows, a bold totals row. */
export function pdfTable(t: Pick<ReportTable, 'columns' | 'rows' | 'totals' | 'rowColours'>, pageWidth = PAGE_WIDTH): Content {
  const cols = t.columns;
  const header: TableCell[] = cols.map((c) => ({ text: winAnsi(c.label), bold: true, color: '#FFFFFF', alignment: isRight(c) ? 'right' : 'left' }));
  const body: TableCell[][] = [header];
  t.rows.forEach((row, r) => {
    const fill = solidHex(t.rowColours?.[r]);
    body.push(
      cols.map((c) => {
        const cell: Record<string, unknown> = { text: pdfText(c, row[c.key]) };
        // A row's leading spaces are its indent (an ORCA task under its job), as in the XLSX.
        if (!isRight(c)) cell.preserveLeadingSpaces = true;
        if (isRight(c)) cell.alignment = 'right';
        if (fill) cell.fillColor = `#${fill}`;
        return cell as TableCell;
      }),
    );
  });
  const hasTotals = Boolean(t.totals);
  if (t.totals) {
    const totals = t.totals;
    body.push(cols.map((c) => ({ text: pdfText(c, totals[c.key]), bold: true, ...(isRight(c) ? { alignment: 'right' as const } : {}) })));
  }
  const lastRow = body.length - 1;
  return {
    table: { headerRows: 1, widths: pdfWidths(cols, pageWidth), body },
    layout: {
      fillColor: (i: number) => (i === 0 ? HEADER_FILL : hasTotals && i === lastRow ? null : i % 2 === 0 ? ZEBRA_FILL : null),
      // One rule only: above the totals; zebra fills separate the rows.
      hLineWidth: (i: number) => (hasTotals && i === lastRow ? 0.8 : 0),
      vLineWidth: () => 0,
      paddingLeft: () => CELL_PADDING_X,
      paddingRight: () => CELL_PADDING_X,
      paddingTop: () => 1.5,
      paddingBottom: () => 1.5,
    },
  };
}

export function pdfDefinition(table: ReportTable): TDocumentDefinitions {
  const cols = table.columns;
  const title = winAnsi(table.title);
  const subtitle = table.subtitle ? winAnsi(table.subtitle) : undefined;
  const content: Content[] = [{ text: title, fontSize: 14, bold: true, margin: [0, 0, 0, subtitle ? 1 : 6] }];
  if (subtitle) content.push({ text: subtitle, fontSize: 9, color: '#555555', margin: [0, 0, 0, 6] });
  if (cols.length > 0) content.push(pdfTable(table));
  if (table.rows.length === 0) content.push({ text: 'No rows.', italics: true, color: '#555555', margin: [0, 6, 0, 0] });

  return {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [MARGIN_X, 24, MARGIN_X, 28],
    info: { title: table.title, subject: table.subtitle, creator: 'Trenchline', producer: 'Trenchline' },
    defaultStyle: { font: 'Helvetica', fontSize: 8 },
    footer: (currentPage: number, pageCount: number) => ({
      margin: [MARGIN_X, 8, MARGIN_X, 0],
      fontSize: 7,
      color: '#555555',
      columns: [
        { text: subtitle ? `${title} - ${subtitle}` : title },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right', width: 90 },
      ],
    }),
    content,
  };
}

/** A table's (pdfDefinition) or a document's (documentDefinition in document.ts) definition as PDF bytes. */
export async function pdfBytes(definition: TDocumentDefinitions): Promise<Buffer> {
  return printer().createPdf(definition).getBuffer();
}
