/**
 * The RFQ list's buttons: New RFQ by form type (made, then opened), and the bulk actions on the
 * selected RFQs (all that match, when so selected), run by the worker: Delete, Archive, and the
 * management report (downloaded from its toast when made).
 */
import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { keepSelection, useServerBulk } from '../../../components/record/BulkActions';
import type { Selected } from '../../../components/record/DeleteArchiveButtons';
import { REPORT_REVERT_MS } from '../../reports';
import { NewByFormTypeMenu } from '../../../components/record/NewByFormTypeMenu';
import type { NewField } from '../../../components/record/NewRecordDialog';
import { useNewRfq } from '../api/calls';
import { rfqPath } from '../api/types';

/** What a New RFQ asks: what is quoted, for whom, where and when the bid is due. */
const NEW_RFQ_FIELDS: readonly NewField[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'customer', label: 'Customer', kind: 'text' },
  { name: 'location', label: 'Location', kind: 'text' },
  { name: 'bid_due_date', label: 'Bid due date', kind: 'date' },
];

/** New RFQ: a form type of the server's list (/api/settings/form_types/?nav=rfq), its dialog; the RFQ is made New and opened. */
export const NewRfqMenu = () => <NewByFormTypeMenu label="New RFQ" nav="rfq" fields={NEW_RFQ_FIELDS} create={useNewRfq()} pathOf={rfqPath} />;

export const REPORT_LABEL = 'Management report';
/** Read for 3 s once the report is made: its toast holds the Download button. */
export const REPORT_DONE_LABEL = 'Report ready';

/** The management report of the selection (nothing selected: all that match), made by the worker and downloaded from its toast; the button says it is ready for 3 s, then reads its label again. */
export function RfqReportButton({ target }: Pick<Selected, 'target'>) {
  const [finished, setFinished] = useState(false);
  const bulk = useServerBulk({ request: { list: 'rfqs', action: 'report', report: 'management' }, target, records: 'rfqs', onDone: keepSelection });
  useEffect(() => {
    if (!finished) return;
    const t = setTimeout(() => setFinished(false), REPORT_REVERT_MS);
    return () => clearTimeout(t);
  }, [finished]);
  const go = async () => {
    setFinished(false);
    const made = await bulk.go(undefined, REPORT_LABEL);
    setFinished(made?.status === 'done' && Boolean(made.file_url));
  };
  if (!bulk.offered) return null;
  return (
    <Button size="xs" variant="default" miw={150} onClick={() => void go()} data-busy={bulk.busy ? 'true' : undefined} data-testid="rfq-report">
      {bulk.text ?? (finished ? REPORT_DONE_LABEL : REPORT_LABEL)}
    </Button>
  );
}
