import { RecordDetailPage } from '../../../../components/record/RecordDetailPage';
import { helpDetail } from './declaration';
import { helpFormLogic } from './formLogic';
import { HelpEditor } from './HelpEditor';
import { HelpForm } from './HelpForm';
import { HelpSections } from './HelpSections';
import { Section } from './sections';

/**
 * /help/{id}: the live help ticket to edit, its updates arriving as others post them, or with ?as_of=
 * the ticket as it stood then, read-only (components/record/RecordDetailPage). A ticket that cannot be
 * loaded sends the user to the list with 'Deleted.' (spec 3 section 8).
 */
export function HelpDetailPage() {
  return (
    <RecordDetailPage
      of={helpDetail}
      editor={(ticket, onAsOf) => <HelpEditor ticket={ticket} onAsOf={onAsOf} />}
      past={(past) => (
        <>
          <Section id="details">
            <HelpForm values={helpFormLogic.valuesOf(past)} readOnly />
          </Section>
          <HelpSections ticket={past} readOnly />
        </>
      )}
    />
  );
}
