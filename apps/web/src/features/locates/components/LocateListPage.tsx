import { keepSelection } from '../../../components/record/BulkActions';
import { RecordListPage, type RecordListDeclaration, type RecordListTableProps } from '../../../components/record/RecordListPage';
import { LOCATES_PATH } from '../api/listLocates';
import { locateSearchDates } from '../api/searchDates';
import { LOCATES_LIST, pagedLocatesKey, type LocateRow } from '../api/types';
import { DEFAULT_SORT, locateRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { ArchiveLocatesButton, DeleteLocatesButton, LocatesReportButton, NewLocateMenu, ReUpButton } from './ListActions';
import { LocateTable } from './LocateTable';
import { LocateTabs } from './LocateTabs';

/** The locate list: soonest expiry first, with its status beside the saved choices. */
export const locateList: RecordListDeclaration<StatusChoice> = {
  title: 'Locates',
  noun: 'locates',
  newLabel: 'New locate',
  which: 'Which locates',
  publicModeHint: 'Hide the crews and who changed what, for showing the list to a customer',
  searchDates: locateSearchDates,
  queryKey: pagedLocatesKey,
  list: LOCATES_LIST,
  path: LOCATES_PATH,
  defaultSort: DEFAULT_SORT,
  rowFit: locateRowFit,
  status: { choices: STATUS_CHOICES, withStatus },
};

const ListTable = (props: RecordListTableProps<LocateRow>) => <LocateTable variant="list" {...props} />;

/** /locate/: the locates (components/record/RecordListPage), with the tabs, bulk actions, re-up and the report. */
export function LocateListPage() {
  return (
    <RecordListPage<LocateRow, StatusChoice>
      of={locateList}
      table={ListTable}
      actions={({ target, done }) => (
        <>
          <LocateTabs />
          <NewLocateMenu />
          <DeleteLocatesButton target={target} onDone={done} />
          <ArchiveLocatesButton target={target} onDone={done} />
          <ReUpButton list="locates" target={target} onDone={keepSelection} />
          <LocatesReportButton target={target} onDone={keepSelection} />
        </>
      )}
    />
  );
}
