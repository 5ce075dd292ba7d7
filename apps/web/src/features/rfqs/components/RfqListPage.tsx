import { RecordListPage, type RecordListDeclaration } from '../../../components/record/RecordListPage';
import { rfqSearchDates } from '../api/calls';
import { pagedRfqsKey, RFQS_LIST, RFQS_PATH, type RfqRow } from '../api/types';
import { DEFAULT_SORT, rfqRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { DeleteArchiveButtons } from '../../../components/record/DeleteArchiveButtons';
import { NewRfqMenu, RfqReportButton } from './ListActions';
import { RfqTable } from './RfqTable';

/** The RFQ list: by RFQ date to bid due, bid due soonest first, with its status beside the saved choices. */
export const rfqList: RecordListDeclaration<StatusChoice> = {
  title: 'RFQs',
  noun: 'RFQs',
  newLabel: 'New RFQ',
  which: 'Which RFQs (RFQ date to bid due)',
  publicModeHint: 'Hide who changed what, for showing the list to a customer',
  searchDates: rfqSearchDates,
  queryKey: pagedRfqsKey,
  list: RFQS_LIST,
  path: RFQS_PATH,
  defaultSort: DEFAULT_SORT,
  rowFit: rfqRowFit,
  status: { choices: STATUS_CHOICES, withStatus },
};

/** /rfq/: the RFQs (components/record/RecordListPage), with new, bulk archive, delete and the management report. */
export function RfqListPage() {
  return (
    <RecordListPage<RfqRow, StatusChoice>
      of={rfqList}
      table={RfqTable}
      actions={({ target, done }) => (
        <>
          <NewRfqMenu />
          <DeleteArchiveButtons list="rfqs" records="rfqs" target={target} onDone={done} />
          <RfqReportButton target={target} />
        </>
      )}
    />
  );
}
