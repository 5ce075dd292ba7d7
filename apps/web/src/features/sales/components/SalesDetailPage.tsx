import { declaredDetailPage } from '../../../components/record/declaredDetailPage';
import { salesFormLogic } from '../formLogic';
import { salesDetail } from './declaration';
import { SalesEditor, SalesPageBody } from './SalesEditor';

/**
 * /sales/{id}: the live organization to edit, or with ?as_of= the organization as it stood then,
 * read-only (components/record/RecordDetailPage). One that cannot be loaded sends the user to the list
 * with 'Deleted.'.
 */
export const SalesDetailPage = declaredDetailPage(
  salesDetail,
  (organization, onAsOf) => <SalesEditor organization={organization} onAsOf={onAsOf} />,
  (past) => <SalesPageBody organization={past} form={{ values: salesFormLogic.valuesOf(past), readOnly: true }} />,
);
