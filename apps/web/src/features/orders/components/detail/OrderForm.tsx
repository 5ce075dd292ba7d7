import { Grid, Input, Text } from '@mantine/core';
import { fieldGrid } from '../../../../components/record/FieldGrid';
import { FormGrid, type RecordFormProps } from '../../../../components/record/RecordEditorLayout';
import { showMoney } from '../../../../lib/numbers';
import type { OrderView } from '../../api/types';
import { orderNumberText } from '../../listLogic';
import { CustomerPicker } from './CustomerPicker';
import { orderFieldLabel } from './fields';
import type { OrderFormValues } from './formLogic';

interface Props extends RecordFormProps<OrderFormValues> {
  /** The order as the server holds it: its number, status and total are shown, never edited. */
  order: OrderView;
  /** A customer of Settings picked: saved at once so the server fills the billing fields. */
  onPickCustomer?: (customerRef: string) => void;
  picking?: boolean;
}

/** The order's customer (from Settings or typed), billing fields, date and notes; its number, status and total as the server has them. */
export function OrderForm({ order, onPickCustomer, picking, ...props }: Props) {
  const { values, readOnly } = props;
  const { text, date, long, cell } = fieldGrid({ ...props, fieldLabel: orderFieldLabel, cellAttr: 'data-field' });
  return (
    <FormGrid>
      {cell('order_number', { base: 4, sm: 2 }, <ServerValue label={orderFieldLabel('order_number')} value={orderNumberText(order)} testId="order-number" />)}
      {cell('status', { base: 4, sm: 2 }, <ServerValue label={orderFieldLabel('status')} value={order.status ?? ''} testId="order-status-field" />)}
      {cell('total_price', { base: 4, sm: 2 }, <ServerValue label="Order total" value={showMoney(order.total_price ?? 0)} testId="order-total" />)}
      {date('order_date', { base: 6, sm: 3, md: 2 })}
      <Grid.Col span={{ base: 12, md: 4 }} visibleFrom="md" />
      {readOnly
        ? null
        : cell('customer_ref', { base: 12, sm: 6, md: 4 }, <CustomerPicker label={orderFieldLabel('customer_ref')} value={values.customer_ref ? String(values.customer_ref) : null} onPick={(ref) => onPickCustomer?.(ref)} saving={picking} />)}
      {text('customer_name', { base: 12, sm: 6, md: 4 })}
      {text('billing_email', { base: 6, md: 2 })}
      {text('billing_phone', { base: 6, md: 2 })}
      {text('billing_address', { base: 12, sm: 6, md: 4 })}
      {text('billing_city', { base: 6, sm: 3, md: 2 })}
      {text('billing_state', { base: 3, sm: 1 })}
      {text('billing_zip', { base: 3, sm: 2, md: 1 })}
      {long('notes', { base: 12, md: 4 })}
    </FormGrid>
  );
}

/** A value the server keeps (number, status, total): shown in the fields' line, never edited. */
function ServerValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Input.Wrapper size="xs" label={label}>
      <Text size="sm" fw={600} mih={30} pt={5} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value || '—'}
      </Text>
    </Input.Wrapper>
  );
}
