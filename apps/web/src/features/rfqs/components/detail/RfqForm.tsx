import { RFQ_COLOURS, RFQ_STATUSES } from '@trenchline/domain';
import { fieldGrid } from '../../../../components/record/FieldGrid';
import { FormGrid, type RecordFormProps } from '../../../../components/record/RecordEditorLayout';
import { rfqFieldLabel } from './fields';
import type { RfqFormValues } from './formLogic';

const FORM_TYPES = ['base_rfq', 'attfiber_rfq'] as const;

/** The RFQ's header fields: status, dates, title, customer, location, colour and description. */
export function RfqForm(props: RecordFormProps<RfqFormValues>) {
  const { text, choice, date, long } = fieldGrid({ ...props, fieldLabel: rfqFieldLabel, cellAttr: 'data-field', keepUnknownChoice: true });
  return (
    <FormGrid>
      {choice('rfq_status', RFQ_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('form_type', FORM_TYPES, { base: 6, sm: 3, md: 2 })}
      {date('rfq_date', { base: 6, sm: 3, md: 2 })}
      {date('bid_due_date', { base: 6, sm: 3, md: 2 })}
      {date('po_start_date', { base: 6, sm: 3, md: 2 })}
      {date('po_complete_date', { base: 6, sm: 3, md: 2 })}
      {text('title', { base: 12, md: 4 })}
      {text('customer', { base: 12, sm: 6, md: 3 })}
      {text('customer_ref', { base: 6, md: 2 })}
      {text('location', { base: 12, sm: 6, md: 3 })}
      {choice('colour', RFQ_COLOURS, { base: 6, md: 2 })}
      {long('description', { base: 12, md: 10 })}
    </FormGrid>
  );
}

