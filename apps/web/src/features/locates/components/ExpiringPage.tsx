import { useCallback, useMemo } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { EXPIRING_PATH } from '../api/listExpiring';
import { LOCATES_LIST, type LocateRow } from '../api/types';
import { DEFAULT_SORT, dueByText, expiringRowFit } from '../listLogic';
import { ReUpButton } from './ListActions';
import { LocateTable } from './LocateTable';
import { LocateTabs } from './LocateTabs';
import { useDayChange } from './useDayChange';
import { useExpiringCount } from './useExpiringCount';

/** The watch asks for the live locates only (the view itself keeps to Active and Marked). */
const EXPIRING_FILTER = { active: 't', archived: 'f' };

/**
 * /locate/expiring/: every Active or Marked locate expiring within the account's re-up lead time or
 * past, across jobs, soonest first, with its job, task and crews. Rows may be selected (or all) and
 * re-upped in bulk with the progress shown; a locate leaves the view as its re-up lands (from this
 * screen or any other), and the view is asked again when the date changes.
 */
export function ExpiringPage() {
  const count = useExpiringCount();
  const dueBy = count.data?.due_by ?? null;
  const flashed = useRowFlash(LOCATES_LIST);
  const fit = useMemo(() => expiringRowFit(dueBy), [dueBy]);
  const list = usePagedList<LocateRow>({ list: LOCATES_LIST, path: EXPIRING_PATH, filter: EXPIRING_FILTER, rowFilter: fit, defaultSort: DEFAULT_SORT });
  const { refetch, clearSelection } = list;
  // A new day brings new locates into the view (and counts every day left again).
  useDayChange(useCallback(() => void refetch(), [refetch]));
  const done = () => {
    clearSelection();
    void refetch();
  };

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Expiring locates" filter={list.text} onFilter={list.setText}>
        <LocateTabs />
        <ReUpButton list="expiring_locates" label="Re-up selected" target={list.target} onDone={done} />
      </ListTitleBar>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Text size="sm" fw={600} data-testid="due-by">
          {dueByText(count.data)}
        </Text>
        <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun="locates" />
      </Group>
      <ListStates query={list} loading={list.isPending} nothingAsked={false} noun="locates" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No locate needs a re-up: every live ticket runs past the lead time." />
      {list.isSuccess && list.count > 0 && <LocateTable variant="expiring" list={list} flashed={flashed} height="calc(100vh - 190px)" />}
    </Paper>
  );
}
