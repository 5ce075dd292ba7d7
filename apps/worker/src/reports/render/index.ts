export * from './table.ts';
export { renderXlsx, sheetName, cellValue, XLSX_FORMATS } from './xlsx.ts';
export { renderPdf, pdfDefinition, pdfTable, pdfText, pdfWidths, winAnsi } from './pdf.ts';
export { documentDefinition, isDocument, renderDocumentXlsx, rowCount, type DocumentField, type DocumentSection, type ReportDocument, type ReportOutput } from './document.ts';
