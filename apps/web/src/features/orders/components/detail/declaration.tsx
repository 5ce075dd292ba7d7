import type { RecordDetailDeclaration } from '../../../../components/record/RecordDetailPage';
import { orderCalls } from '../../api/record';
import { orderStream, type OrderDetail } from '../../api/types';
import { OrderTitle } from './OrderTitle';
import { ORDER_SECTIONS, scrollToOrderSection } from './sections';

/** The order page (components/record/RecordDetailPage): its read, stream, history and section bar. */
export const orderDetail: RecordDetailDeclaration<OrderDetail> = {
  noun: 'order',
  listPath: '/order/',
  stream: orderStream,
  record: orderCalls.record,
  useRecord: orderCalls.useRecord,
  bar: { title: (order) => <OrderTitle order={order} />, sections: ORDER_SECTIONS, onJump: scrollToOrderSection, label: 'Order sections' },
};
