import { declaredDetailPage } from '../../../../components/record/declaredDetailPage';
import { orderDetail } from './declaration';
import { orderFormLogic } from './formLogic';
import { OrderEditor, OrderPageBody } from './OrderEditor';

/**
 * /order/{id}: the live order to edit, or with ?as_of= the order as it stood then, read-only
 * (components/record/RecordDetailPage). An order that cannot be loaded sends the user to the list with
 * 'Deleted.' (as a locate's does, spec 3 section 8).
 */
export const OrderDetailPage = declaredDetailPage(
  orderDetail,
  (order, onAsOf) => <OrderEditor order={order} onAsOf={onAsOf} />,
  (past) => <OrderPageBody order={past} form={{ values: orderFormLogic.valuesOf(past), readOnly: true }} />,
);
