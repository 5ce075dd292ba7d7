export * from './table.ts';
export { renderTableXlsx, sheetName, cellValue, numFmtOf, XLSX_FORMATS } from './xlsx.ts';
export { pdfBytes, pdfDefinition, pdfTable, pdfText, pdfWidths, winAnsi } from './pdf.ts';
export { documentDefinition, isDocument, renderDocumentXlsx, rowCount, type DocumentField, type DocumentSection, type ReportDocument, type ReportOutput } from './document.ts';
export { renderPdf, renderXlsx } from './output.ts';
export { drawableSignature, UNREADABLE_SIGNATURE } from './images.ts';
export { renderCsv, csvField, csvText } from './csv.ts';
