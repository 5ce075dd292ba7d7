import { declaredDetailPage } from '../../../../components/record/declaredDetailPage';
import { rfqDetail } from './declaration';
import { rfqFormLogic } from './formLogic';
import { RfqEditor, RfqPageBody } from './RfqEditor';

/**
 * /rfq/{account_rfq_number} (or its id): the number looked up, then the live RFQ to edit, or with
 * ?as_of= the RFQ as it stood then, read-only (components/record/RecordDetailPage). One that cannot be
 * found sends the user to the list with 'Deleted.'.
 */
export const RfqDetailPage = declaredDetailPage(
  rfqDetail,
  (rfq, onAsOf) => <RfqEditor rfq={rfq} onAsOf={onAsOf} />,
  (past) => <RfqPageBody rfq={past} form={{ values: rfqFormLogic.valuesOf(past), readOnly: true }} />,
);
