import { declaredDetailPage } from '../../../../components/record/declaredDetailPage';
import { helpDetail } from './declaration';
import { helpFormLogic } from './formLogic';
import { HelpEditor, HelpPageBody } from './HelpEditor';

/**
 * /help/{id}: the live help ticket to edit, its updates arriving as others post them, or with ?as_of=
 * the ticket as it stood then, read-only (components/record/RecordDetailPage). A ticket that cannot be
 * loaded sends the user to the list with 'Deleted.' (spec 3 section 8).
 */
export const HelpDetailPage = declaredDetailPage(
  helpDetail,
  (ticket, onAsOf) => <HelpEditor ticket={ticket} onAsOf={onAsOf} />,
  (past) => <HelpPageBody ticket={past} form={{ values: helpFormLogic.valuesOf(past), readOnly: true }} />,
);
