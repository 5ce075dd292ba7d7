/**
 * A report's file in either format, whichever shape the builder made: a table (pdf.ts, xlsx.ts) or a
 * document (document.ts). The choice is made here, above both, so neither shape imports the other's file.
 */
import { documentDefinition, isDocument, renderDocumentXlsx, type ReportOutput } from './document.ts';
import { pdfBytes, pdfDefinition } from './pdf.ts';
import { renderTableXlsx } from './xlsx.ts';

export const renderPdf = (out: ReportOutput): Promise<Buffer> => pdfBytes(isDocument(out) ? documentDefinition(out) : pdfDefinition(out));

export const renderXlsx = (out: ReportOutput): Promise<Buffer> => (isDocument(out) ? renderDocumentXlsx(out) : renderTableXlsx(out));
