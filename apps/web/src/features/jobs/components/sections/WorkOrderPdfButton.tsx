import { ReportButton } from '../../../reports';

export const workOrderPdfUrl = (id: string) => `/api/jobs/work_orders/${encodeURIComponent(id)}/pdf/`;

/** A work order's PDF in a new window; the button reads 'AI Working...' for 3 s. */
export function WorkOrderPdfButton({ id, number }: { id: string; number?: unknown }) {
  return (
    <span title={`Work order ${String(number ?? '')} as a PDF`} data-testid="work-order-pdf">
      <ReportButton label="PDF" size="compact-xs" variant="default" miw={84} url={() => workOrderPdfUrl(id)} />
    </span>
  );
}
