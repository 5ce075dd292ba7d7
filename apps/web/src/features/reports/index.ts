/** What other screens use of the reports feature: their report buttons. */
export { useReportButton, managementReportUrl, REPORT_REVERT_MS, REPORT_WORKING_LABEL, type ReportButtonOptions, type ReportButtonState } from './useReportButton';
export { ReportButton } from './components/ReportButton';
export { reportRoutes } from './routes';
