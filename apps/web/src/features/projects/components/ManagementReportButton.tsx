import { BulkReportButton } from '../../../components/record/BulkActions';
import type { SelectionTarget } from '../../../components/record/useBulkOperation';
import { REPORT_WORKING_LABEL } from '../../reports';

/**
 * The management report of the selected projects (all that match, when so selected), made by the
 * worker, reading 'AI Working...' meanwhile (spec 1 section 8), then downloaded from its toast. Nothing
 * selected: every project that matches, after 'Report all N matching projects?'.
 */
export function ManagementReportButton({ target, onDone }: { target: SelectionTarget; onDone: () => void }) {
  return <BulkReportButton list="projects" records="projects" report="management" label="Management report" miw={150} target={target} onDone={onDone} workingLabel={REPORT_WORKING_LABEL} />;
}
