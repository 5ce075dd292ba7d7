import { RecordDetailPage } from '../../../../components/record/RecordDetailPage';
import { orderDetail } from './declaration';
import { orderFormLogic } from './formLogic';
import { OrderEditor } from './OrderEditor';
import { OrderForm } from './OrderForm';
import { OrderItemsSection } from './OrderItemsSection';
import { Section } from './sections';

/**
 * /order/{id}: the live order to edit, or with ?as_of= the order as it stood then, read-only
 * (components/record/RecordDetailPage). An order that cannot be loaded sends the user to the list with
 * 'Deleted.' (as a locate's does, spec 3 section 8).
 */
export function OrderDetailPage() {
  return (
    <RecordDetailPage
      of={orderDetail}
      editor={(order, onAsOf) => <OrderEditor order={order} onAsOf={onAsOf} />}
      past={(past) => (
        <>
          <Section id="customer">
            <OrderForm values={orderFormLogic.valuesOf(past)} order={past} readOnly />
          </Section>
          <Section id="items">
            <OrderItemsSection order={past} readOnly />
          </Section>
        </>
      )}
    />
  );
}
