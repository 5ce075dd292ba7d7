import type { RecordDetailDeclaration } from '../../../../components/record/RecordDetailPage';
import { helpCalls } from '../../api/record';
import { HELP_LIST_PATH_WEB, helpStream, type HelpTicketDetail } from '../../api/types';
import { HelpTitle } from './HelpTitle';
import { HELP_SECTIONS, scrollToHelpSection } from './sections';

/** The help ticket page (components/record/RecordDetailPage): its read, stream, history and section bar. */
export const helpDetail: RecordDetailDeclaration<HelpTicketDetail> = {
  noun: 'help ticket',
  listPath: HELP_LIST_PATH_WEB,
  stream: helpStream,
  record: helpCalls.record,
  useRecord: helpCalls.useRecord,
  bar: { title: (ticket) => <HelpTitle ticket={ticket} />, sections: HELP_SECTIONS, onJump: scrollToHelpSection, label: 'Help ticket sections' },
};
