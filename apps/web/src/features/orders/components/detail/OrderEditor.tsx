import type { ComponentProps } from 'react';
import { Button } from '@mantine/core';
import { RecordEditorLayout } from '../../../../components/record/RecordEditorLayout';
import { orderDetail } from './declaration';
import { useRecordEditor } from '../../../../components/record/useRecordEditor';
import { savedAndDeleted } from '../../../../components/record/savedAndDeleted';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { ReportButton } from '../../../reports';
import { orderPdfUrl } from '../../api/orderPdf';
import { orderCalls } from '../../api/record';
import { useSubmitOrder } from '../../api/submitOrder';
import type { OrderDetail } from '../../api/types';
import { useMutation } from '@tanstack/react-query';
import { orderFieldLabel } from './fields';
import { orderFormLogic, submitProblem, toPayload } from './formLogic';
import { OrderForm } from './OrderForm';
import { OrderItemsSection } from './OrderItemsSection';
import { Section } from './sections';

/** A failed order save shows the server's response, as a locate's does. */
const failed = (e: unknown) => ({ notice: errorText(e), message: errorText(e) });

export const ORDER_SUBMITTED = 'Order submitted successfully';

/** The live order: its customer and billing fields, its items, and its actions (submit, PDF, save, history, as of, delete). */
export function OrderEditor({ order, onAsOf }: { order: OrderDetail; onAsOf: (iso: string) => void }) {
  const message = useMessage();
  const editor = useRecordEditor({
    record: order,
    noun: 'order',
    logic: orderFormLogic,
    saveMutation: orderCalls.useSave(),
    toPayload,
    failed,
    fieldLabel: orderFieldLabel,
    removeMutation: orderCalls.useRemove(),
    ...savedAndDeleted('/order/'),
  });
  const { form } = editor;
  // A customer picked is saved at once (only customer_ref): the server fills the name and billing fields, laid under the user's other edits.
  const pick = useMutation({ mutationFn: (customerRef: string) => orderCalls.save({ id: order.id, values: { customer_ref: customerRef }, version: order.version }) });
  const submit = useSubmitOrder();
  const state = form.state;
  if (!state) return null;

  const pickCustomer = (customerRef: string) =>
    pick.mutate(customerRef, {
      onSuccess: (answer) => {
        form.mergeWith(answer);
        message('Saved successfully!', 'success');
      },
      onError: (e) => message(errorText(e), 'error'),
    });

  // The web asks first what the server checks again: a customer name, a first line with a total (spec 3 section 5).
  const submitOrder = async () => {
    const problem = submitProblem(state.draft.customer_name, order.items ?? []);
    if (problem) {
      message(problem, 'error');
      return;
    }
    if (form.dirty && !(await editor.save())) return;
    submit.mutate(order.id, {
      onSuccess: () => message(ORDER_SUBMITTED, 'success'),
      onError: (e) => message(errorText(e), 'error'),
    });
  };

  return (
    <RecordEditorLayout
      of={orderDetail}
      record={order}
      editor={editor}
      noun="order"
      history={orderCalls.record(order.id)}
      fieldLabel={orderFieldLabel}
      onAsOf={onAsOf}
      actions={
        <>
          <Button size="xs" color="green" onClick={() => void submitOrder()} loading={submit.isPending} disabled={order.status === 'Submitted'} data-testid="submit-order">
            {order.status === 'Submitted' ? 'Submitted' : 'Submit'}
          </Button>
          <span title="The order as a PDF, to print or send" data-testid="order-pdf">
            <ReportButton label="Print PDF" url={() => orderPdfUrl(order.id)} miw={96} />
          </span>
        </>
      }
    >
      <OrderPageBody order={order} form={{ ...editor.formProps!, onPickCustomer: pickCustomer, picking: pick.isPending }} />
    </RecordEditorLayout>
  );
}

/** The order's customer and billing fields and its items: live with the editor's form, or read-only as it stood. */
export function OrderPageBody({ order, form }: { order: OrderDetail; form: Omit<ComponentProps<typeof OrderForm>, 'order'> }) {
  return (
    <>
      <Section id="customer">
        <OrderForm {...form} order={order} />
      </Section>
      <Section id="items">
        <OrderItemsSection order={order} readOnly={form.readOnly} />
      </Section>
    </>
  );
}
