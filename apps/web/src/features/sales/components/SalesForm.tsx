import { LEAD_SOURCES, SALES_ADOPTION, SALES_COLOURS, SALES_STATUSES, SALES_TYPES, SCRUB_REASONS } from '@trenchline/domain';
import { fieldGrid } from '../../../components/record/FieldGrid';
import { FormGrid, type RecordFormProps } from '../../../components/record/RecordEditorLayout';
import type { SalesValues } from '../api/types';
import { salesFieldLabel } from '../formLogic';

/** The organization's own fields: name, type, status, adoption status, lead source, scrub reason, colour, how to reach it, the next follow-up and notes. */
export function SalesForm(props: RecordFormProps<SalesValues>) {
  const { text, choice, date, long } = fieldGrid({ ...props, fieldLabel: salesFieldLabel, cellAttr: 'data-field', keepUnknownChoice: true });
  return (
    <FormGrid>
      {text('name', { base: 12, sm: 6, md: 4 })}
      {choice('org_type', SALES_TYPES, { base: 6, sm: 3, md: 2 })}
      {choice('status', SALES_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('adoption_status', SALES_ADOPTION, { base: 6, sm: 3, md: 2 })}
      {choice('colour', SALES_COLOURS, { base: 6, sm: 3, md: 2 })}
      {choice('lead_source', LEAD_SOURCES, { base: 6, sm: 3, md: 2 })}
      {choice('scrubbed_reason', SCRUB_REASONS, { base: 6, sm: 3, md: 2 })}
      {text('phone', { base: 6, sm: 3, md: 2 })}
      {text('email', { base: 6, sm: 3, md: 2 })}
      {text('website', { base: 6, sm: 3, md: 2 })}
      {date('next_follow_up', { base: 6, sm: 3, md: 2 })}
      {text('address', { base: 12, sm: 6, md: 4 })}
      {text('city', { base: 6, sm: 3, md: 2 })}
      {text('state', { base: 3, sm: 1 })}
      {text('zip', { base: 3, sm: 2, md: 1 })}
      {long('notes', { base: 12, md: 4 })}
    </FormGrid>
  );
}
