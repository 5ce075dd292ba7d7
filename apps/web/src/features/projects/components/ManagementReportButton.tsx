import { BulkReportButton } from '../../../components/record/BulkActions';
import type { BulkTarget } from '../../../components/record/useBulkOperation';

/**
 * The management report of the selected projects (all that match, when so selected), made by the
 * worker with its progress, then downloaded. Nothing selected: 'Please select rows first.'.
 */
export function ManagementReportButton({ target, onDone }: { target: () => BulkTarget | null; onDone: () => void }) {
  return <BulkReportButton list="projects" records="projects" report="management" label="Management report" miw={150} target={target} onDone={onDone} />;
}
