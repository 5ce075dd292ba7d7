import { useMemo, useState } from 'react';
import { Paper } from '@mantine/core';
import { keepSelection } from '../../../components/record/BulkActions';
import { ListPrefsRow, ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { useListPrefs } from '../../../components/table/useListPrefs';
import { usePagedList } from '../../../components/table/usePagedList';
import { useRowFlash } from '../../../components/table/useRowFlash';
import { listFilter } from '../../../lib/listPrefs';
import { HELP_TICKETS_PATH } from '../api/listHelpTickets';
import { helpSearchDates } from '../api/searchDates';
import { HELP_LIST, pagedHelpKey, type HelpTicketRow } from '../api/types';
import { DEFAULT_SORT, helpRowFit } from '../listLogic';
import { ArchiveHelpTicketsButton, DeleteHelpTicketsButton, ManagementReportButton, NewHelpTicketButton } from './ListActions';
import { HelpTable } from './HelpTable';
import { useTrainingVideo } from '../api/trainingVideo';
import { TrainingVideo, VIDEO_HEIGHT, videoSource } from './TrainingVideo';

/**
 * /help/: the training video, then the user's saved choice of help tickets (the last 90 days until
 * they choose), paged from the server as it scrolls, live, searched and sorted there, newest first,
 * selectable (all that match), with bulk archive, delete and the management report.
 */
export function HelpListPage() {
  const prefs = useListPrefs(helpSearchDates, pagedHelpKey);
  const { applied, draft, nothingAsked } = prefs;
  // Rows change in place when anyone changes a ticket; the changed row is marked for a moment.
  const flashed = useRowFlash(HELP_LIST);
  const filter = useMemo(() => listFilter(applied), [applied]);
  const fit = useMemo(() => helpRowFit(applied), [applied]);
  const list = usePagedList<HelpTicketRow>({ list: HELP_LIST, path: HELP_TICKETS_PATH, filter, rowFilter: fit, defaultSort: DEFAULT_SORT });
  const done = () => {
    list.clearSelection();
    void list.refetch();
  };
  const loading = !applied || (list.isPending && !nothingAsked);
  const video = videoSource(useTrainingVideo().data);
  const [videoOpen, setVideoOpen] = useState(true);
  // The table fills the screen below the video (its frame and title line included) when it is shown.
  const above = video ? (videoOpen ? VIDEO_HEIGHT + 56 : 44) : 0;

  return (
    <>
      {video && <TrainingVideo src={video} open={videoOpen} onToggle={() => setVideoOpen((o) => !o)} />}
      <Paper withBorder p="xs" radius="sm">
        <ListTitleBar title="Help tickets" filter={list.text} onFilter={list.setText}>
          <NewHelpTicketButton />
          <DeleteHelpTicketsButton target={list.target} onDone={done} />
          <ArchiveHelpTicketsButton target={list.target} onDone={done} />
          <ManagementReportButton target={list.target} onDone={keepSelection} />
        </ListTitleBar>
        <ListPrefsRow prefs={prefs} label="Which help tickets" publicModeHint="Hide who raised each ticket and who changed it last" onRefreshed={list.clearSelection}>
          <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="help tickets" />
        </ListPrefsRow>

        <ListStates query={list} loading={loading} nothingAsked={nothingAsked} noun="help tickets" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No help tickets for these choices." />
        {list.isSuccess && list.count > 0 && <HelpTable list={list} publicMode={draft.public_mode} flashed={flashed} height={`calc(100vh - ${200 + above}px)`} />}
      </Paper>
    </>
  );
}
