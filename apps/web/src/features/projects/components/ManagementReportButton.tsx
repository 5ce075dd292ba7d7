import { useSelectedUrl } from '../../../components/record/BulkActions';
import { managementReportUrl, ReportButton } from '../../reports';

/**
 * Opens the management report of the selected projects in a new window; the button reads
 * 'AI Working...' for 3 s (the reports feature's report button). Nothing selected: 'Please select rows first.'.
 */
export function ManagementReportButton({ ids }: { ids: string[] }) {
  const url = useSelectedUrl(ids, (selected) => managementReportUrl(selected));
  return <ReportButton label="Management report" miw={150} url={url} />;
}
