import { useState } from 'react';
import { keepSelection } from '../../../components/record/BulkActions';
import { RecordListPage, type RecordListDeclaration } from '../../../components/record/RecordListPage';
import { HELP_TICKETS_PATH } from '../api/listHelpTickets';
import { helpSearchDates } from '../api/searchDates';
import { HELP_LIST, pagedHelpKey, type HelpTicketRow } from '../api/types';
import { DEFAULT_SORT, helpRowFit } from '../listLogic';
import { DeleteArchiveButtons } from '../../../components/record/DeleteArchiveButtons';
import { ManagementReportButton, NEW_HELP_TICKET, NewHelpTicketButton } from './ListActions';
import { HelpTable } from './HelpTable';
import { useTrainingVideo } from '../api/trainingVideo';
import { TrainingVideo, VIDEO_HEIGHT, videoSource } from './TrainingVideo';

/** The help ticket list: the last 90 days until the user chooses, newest first, no status choice. */
export const helpList: RecordListDeclaration = {
  title: 'Help tickets',
  noun: 'help tickets',
  newLabel: NEW_HELP_TICKET.label,
  which: 'Which help tickets',
  publicModeHint: 'Hide who raised each ticket and who changed it last',
  searchDates: helpSearchDates,
  queryKey: pagedHelpKey,
  list: HELP_LIST,
  path: HELP_TICKETS_PATH,
  defaultSort: DEFAULT_SORT,
  rowFit: helpRowFit,
};

/**
 * /help/: the training video, then the help tickets (components/record/RecordListPage) with bulk
 * archive, delete and the management report.
 */
export function HelpListPage() {
  const video = videoSource(useTrainingVideo().data);
  const [videoOpen, setVideoOpen] = useState(true);
  // The table fills the screen below the video (its frame and title line included) when it is shown.
  const above = video ? (videoOpen ? VIDEO_HEIGHT + 56 : 44) : 0;
  return (
    <RecordListPage<HelpTicketRow>
      of={helpList}
      table={HelpTable}
      above={video && <TrainingVideo src={video} open={videoOpen} onToggle={() => setVideoOpen((o) => !o)} />}
      height={`calc(100vh - ${200 + above}px)`}
      actions={({ target, done }) => (
        <>
          <NewHelpTicketButton />
          <DeleteArchiveButtons list="help_tickets" records="help tickets" target={target} onDone={done} />
          <ManagementReportButton target={target} onDone={keepSelection} />
        </>
      )}
    />
  );
}
