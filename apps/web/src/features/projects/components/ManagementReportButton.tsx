import { useMessage } from '../../../lib/messages';
import { managementReportUrl, ReportButton } from '../../reports';

/**
 * Opens the management report of the selected projects in a new window; the button reads
 * 'AI Working...' for 3 s (the reports feature's report button). Nothing selected: 'Please select rows first.'.
 */
export function ManagementReportButton({ ids }: { ids: string[] }) {
  const message = useMessage();
  return (
    <ReportButton
      label="Management report"
      miw={150}
      url={() => {
        if (ids.length === 0) {
          message('Please select rows first.');
          return null;
        }
        return managementReportUrl(ids);
      }}
    />
  );
}
