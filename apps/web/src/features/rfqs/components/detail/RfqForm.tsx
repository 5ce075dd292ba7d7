import { Grid } from '@mantine/core';
import { RFQ_COLOURS, RFQ_STATUSES } from '@trenchline/domain';
import { fieldGrid } from '../../../../components/record/FieldGrid';
import { rfqFieldLabel } from './fields';
import type { RfqFormValues } from './formLogic';

interface Props {
  values: RfqFormValues;
  onChange?: (name: string, value: unknown) => void;
  readOnly?: boolean;
  errors?: Record<string, string>;
  dirty?: string[];
  onEnter?: () => void;
}

const FORM_TYPES = ['base_rfq', 'attfiber_rfq'] as const;

/** The RFQ's header fields: status, dates, title, customer, location, colour and description. */
export function RfqForm({ values, onChange, readOnly, errors = {}, dirty = [], onEnter }: Props) {
  const { text, choice, date, long } = fieldGrid({ values, onChange, readOnly, errors, dirty, fieldLabel: rfqFieldLabel, onEnter, cellAttr: 'data-field', keepUnknownChoice: true });
  return (
    <Grid columnGap="xs" rowGap={4} columns={12}>
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
    </Grid>
  );
}

