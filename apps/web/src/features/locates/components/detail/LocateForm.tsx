import { Anchor, Grid, Input, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LOCATE_DETAIL_STATUSES, LOCATE_TICKET_TYPES } from '@trenchline/domain';
import { fieldGrid, type RecordFormProps } from '../../../../components/record/FieldGrid';
import type { LocateView } from '../../api/locateTypes';
import { locateFieldLabel } from './fields';
import { chainText, jobPathOf, type LocateFormValues } from './formLogic';

interface Props extends RecordFormProps<LocateFormValues> {
  /** The locate as the server holds it: days left, the chain and the assignment are shown, never edited. */
  locate: LocateView;
}

/** The current ticket: its numbers, type, status and dates, days left, the chain of numbers and where it is assigned. */
export function LocateForm({ values, locate, onChange, readOnly, errors = {}, dirty = [], onEnter }: Props) {
  const { text, choice, date, daysCell, cell } = fieldGrid({ values, onChange, readOnly, errors, dirty, fieldLabel: locateFieldLabel, onEnter, cellAttr: 'data-field', keepUnknownChoice: true });
  const chain = chainText(locate.ticket_chain);
  return (
    <Grid columnGap="xs" rowGap={4} columns={12}>
      {text('current_ticket_number', { base: 6, sm: 4, md: 2 })}
      {text('current_alt_ticket_number', { base: 6, sm: 4, md: 2 })}
      {/* A new locate's type is New until first opened, a list-only status (Returned) shows as it is: both stay offered while held. */}
      {choice('current_ticket_type', LOCATE_TICKET_TYPES, { base: 6, sm: 4, md: 2 })}
      {choice('locate_status', LOCATE_DETAIL_STATUSES, { base: 6, sm: 4, md: 2 })}
      {cell('assignment', { base: 12, sm: 8, md: 4 }, <Assignment locate={locate} />)}
      {date('current_date_submitted', { base: 6, sm: 3, md: 2 })}
      {date('current_work_date', { base: 6, sm: 3, md: 2 })}
      {date('current_date_expiration', { base: 6, sm: 3, md: 2 })}
      {daysCell('locate_days_left', 'Days left', locate.locate_days_left, locate.locate_days_colour, { base: 6, sm: 3, md: 1 }, 'days-left')}
      {cell(
        'ticket_chain',
        { base: 12, md: 5 },
        <Input.Wrapper size="xs" label={`Ticket chain${locate.re_up_count ? ` (${locate.re_up_count} re-up${locate.re_up_count === 1 ? '' : 's'})` : ''}`}>
          <Text size="sm" fw={600} mih={30} pt={4} data-testid="ticket-chain" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {chain || '—'}
          </Text>
        </Input.Wrapper>,
      )}
    </Grid>
  );
}

/** The job (and ORCA task) the locate is for, linking to its page; it is assigned from the job screens. */
function Assignment({ locate }: { locate: LocateView }) {
  const path = jobPathOf(locate);
  const job = locate.account_job_number || (locate.job_ref ? `#${locate.job_ref}` : null);
  return (
    <Input.Wrapper size="xs" label="Job and task">
      <Text component="div" size="sm" mih={30} pt={4} data-testid="locate-assignment">
        {path && job ? (
          <Anchor component={Link} to={path} size="sm" fw={600}>
            Job {job}
            {locate.task_id ? ` · task ${locate.task_id}` : ''}
          </Anchor>
        ) : (
          <Text span size="sm" c="dimmed">
            Not assigned: assign it from a job or task page
          </Text>
        )}
      </Text>
    </Input.Wrapper>
  );
}
