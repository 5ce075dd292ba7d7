export * from './table.ts';
export { renderXlsx, sheetName, cellValue, XLSX_FORMATS } from './xlsx.ts';
export { renderPdf, pdfDefinition, pdfText, pdfWidths, winAnsi } from './pdf.ts';
