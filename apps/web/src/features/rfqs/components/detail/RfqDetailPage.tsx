import { RecordDetailPage } from '../../../../components/record/RecordDetailPage';
import { rfqDetail } from './declaration';
import { rfqFormLogic } from './formLogic';
import { RfqEditor } from './RfqEditor';
import { RfqForm } from './RfqForm';
import { RfqLines } from './RfqLines';
import { Section } from './sections';

/**
 * /rfq/{account_rfq_number} (or its id): the number looked up, then the live RFQ to edit, or with
 * ?as_of= the RFQ as it stood then, read-only (components/record/RecordDetailPage). One that cannot be
 * found sends the user to the list with 'Deleted.'.
 */
export function RfqDetailPage() {
  return (
    <RecordDetailPage
      of={rfqDetail}
      editor={(rfq, onAsOf) => <RfqEditor rfq={rfq} onAsOf={onAsOf} />}
      past={(past) => (
        <>
          <Section id="details">
            <RfqForm values={rfqFormLogic.valuesOf(past)} readOnly />
          </Section>
          <RfqLines rfq={past} readOnly />
        </>
      )}
    />
  );
}
