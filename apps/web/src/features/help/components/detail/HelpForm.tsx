import { HELP_MOODS, HELP_OUR_STATUSES, HELP_PRIORITIES, HELP_SUBMITTER_STATUSES, HELP_TICKET_STATUSES, HELP_TYPES } from '@trenchline/domain';
import { fieldGrid } from '../../../../components/record/FieldGrid';
import { FormGrid, type RecordFormProps } from '../../../../components/record/RecordEditorLayout';
import { helpFieldLabel } from './fields';
import type { HelpFormValues } from './formLogic';

/** The ticket: subject, description, type, priority, mood, the three statuses and the completion date. */
export function HelpForm(props: RecordFormProps<HelpFormValues>) {
  const { text, long, choice, date } = fieldGrid({ ...props, fieldLabel: helpFieldLabel, cellAttr: 'data-field', keepUnknownChoice: true });
  return (
    <FormGrid>
      {text('subject', { base: 12, md: 6 })}
      {choice('ticket_type', HELP_TYPES, { base: 6, sm: 4, md: 2 })}
      {choice('priority', HELP_PRIORITIES, { base: 6, sm: 4, md: 2 })}
      {choice('submitter_mood', HELP_MOODS, { base: 6, sm: 4, md: 2 })}
      {long('description', { base: 12 })}
      {choice('ticket_status', HELP_TICKET_STATUSES, { base: 6, sm: 3 })}
      {choice('submitter_status', HELP_SUBMITTER_STATUSES, { base: 6, sm: 3 })}
      {choice('our_status', HELP_OUR_STATUSES, { base: 6, sm: 3 })}
      {date('completion_date', { base: 6, sm: 3 })}
    </FormGrid>
  );
}
