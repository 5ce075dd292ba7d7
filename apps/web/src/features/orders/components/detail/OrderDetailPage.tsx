import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { RecordAsOfView } from '../../../../components/record/AsOfControl';
import { SectionBar } from '../../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useLiveRecord } from '../../../../lib/realtime';
import { orderRecord, useOrder } from '../../api/getOrder';
import { orderStream, type OrderDetail } from '../../api/types';
import { orderFormLogic } from './formLogic';
import { OrderEditor } from './OrderEditor';
import { OrderForm } from './OrderForm';
import { OrderItemsSection } from './OrderItemsSection';
import { OrderTitle } from './OrderTitle';
import { ORDER_SECTIONS, scrollToOrderSection, Section } from './sections';

/**
 * /order/{id}: the live order to edit, or with ?as_of= the order as it stood then, read-only. An order
 * that cannot be loaded sends the user to the list with 'Deleted.' (as a locate's does, spec 3 section 8).
 */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  useLiveRecord(orderStream(id));
  const order = useOrder(id);

  const gone = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
  useEffect(() => {
    if (!gone) return;
    message('Deleted.');
    navigate('/order/', { replace: true });
  }, [gone, message, navigate]);

  if (asOf) return <OrderAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (order.isPending || gone) return <WaitMessage boxed />;
  if (order.isError)
    return (
      <Alert color="red" title="The order could not be loaded">
        {errorText(order.error)}
      </Alert>
    );
  return <OrderEditor key={id} order={order.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
}

function OrderAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<OrderDetail> record={orderRecord(id)} noun="order" asOf={asOf} onNow={onNow}>
      {(past) => (
        <Stack gap="xs">
          <SectionBar title={<OrderTitle order={past} />} sections={ORDER_SECTIONS} onJump={scrollToOrderSection} label="Order sections" />
          <Section id="customer">
            <OrderForm values={orderFormLogic.valuesOf(past)} order={past} readOnly />
          </Section>
          <Section id="items">
            <OrderItemsSection order={past} readOnly />
          </Section>
        </Stack>
      )}
    </RecordAsOfView>
  );
}
