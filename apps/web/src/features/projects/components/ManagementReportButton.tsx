import { BulkReportButton } from '../../../components/record/BulkActions';
import type { BulkTarget } from '../../../components/record/useBulkOperation';
import { REPORT_WORKING_LABEL } from '../../reports';

/**
 * The management report of the selected projects (all that match, when so selected), made by the
 * worker, reading 'AI Working...' meanwhile (spec 1 section 8), then downloaded. Nothing selected:
 * 'Please select rows first.'.
 */
export function ManagementReportButton({ target, onDone }: { target: () => BulkTarget | null; onDone: () => void }) {
  return <BulkReportButton list="projects" records="projects" report="management" label="Management report" miw={150} target={target} onDone={onDone} workingLabel={REPORT_WORKING_LABEL} />;
}
