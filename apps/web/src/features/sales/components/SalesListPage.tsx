import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { RecordListPage, type RecordListDeclaration } from '../../../components/record/RecordListPage';
import { salesSearchDates } from '../api/calls';
import { pagedSalesKey, SALES_HOURS_PATH, SALES_LIST, SALES_LIST_PATH, type SalesRow } from '../api/types';
import { DEFAULT_SORT, salesRowFit, STATUS_CHOICES, withStatus, type StatusChoice } from '../listLogic';
import { DeleteArchiveButtons } from '../../../components/record/DeleteArchiveButtons';
import { NEW_ORGANIZATION, NewOrganizationButton } from './ListActions';
import { SalesTable } from './SalesTable';

/** The organization list: by name, created to last contact, with its status beside the saved choices. */
export const salesList: RecordListDeclaration<StatusChoice> = {
  title: 'Sales',
  noun: 'organizations',
  newLabel: NEW_ORGANIZATION.label,
  which: 'Which organizations (created to last contact)',
  publicModeHint: 'Hide who changed what, for showing the list to someone else',
  searchDates: salesSearchDates,
  queryKey: pagedSalesKey,
  list: SALES_LIST,
  path: SALES_LIST_PATH,
  defaultSort: DEFAULT_SORT,
  rowFit: salesRowFit,
  status: { choices: STATUS_CHOICES, withStatus, width: 190 },
};

/** /sales/: the organizations (components/record/RecordListPage), each row in its colour, with weekly hours, new, bulk archive and delete. */
export function SalesListPage() {
  return (
    <RecordListPage<SalesRow, StatusChoice>
      of={salesList}
      table={SalesTable}
      actions={({ target, done }) => (
        <>
          <Button size="xs" variant="default" component={Link} to={SALES_HOURS_PATH}>
            Weekly hours
          </Button>
          <NewOrganizationButton />
          <DeleteArchiveButtons list="sales_organizations" records="organizations" target={target} onDone={done} />
        </>
      )}
    />
  );
}
