import { Anchor, Grid, Input, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { TICKET_CHANGE_ORDER_STATUSES, TICKET_COLOURS, TICKET_EMAIL_STATUSES, TICKET_INVOICE_STATUSES, TICKET_MATERIALS_STATUSES, TICKET_PAYOUT_STATUSES, TICKET_PERCENT_COMPLETE, TICKET_PHOTO_STATUSES, TICKET_STATUSES, TICKET_WORK_STATUSES, jobColourBackground } from '@trenchline/domain';
import { ColourPicker, fieldGrid, str, type RecordFormProps } from '../../../../components/record/FieldGrid';
import type { TicketDetail } from '../../api/ticketDetailTypes';
import { ticketFieldLabel } from './fields';
import type { TicketFormValues } from './formLogic';

interface Props extends RecordFormProps<TicketFormValues> {
  /** The ticket as the server holds it: the job, segment, days left and approval are shown, never edited here. */
  ticket: TicketDetail;
}

/** The ticket's header: its statuses (Edit Requested offered here, never on the list), colour, job and segment, dates and billing. */
export function TicketForm({ values, ticket, onChange, readOnly, errors = {}, dirty = [], onEnter }: Props) {
  const { text, choice, date, long, daysCell, cell } = fieldGrid({ values, onChange, readOnly, errors, dirty, fieldLabel: ticketFieldLabel, onEnter, cellAttr: 'data-field', keepUnknownChoice: true });
  return (
    <Grid columnGap="xs" rowGap={4} columns={12}>
      {choice('ticket_status', TICKET_STATUSES, { base: 6, sm: 4, md: 2 })}
      {text('title', { base: 12, sm: 8, md: 4 })}
      {text('ticket_number', { base: 6, sm: 4, md: 2 })}
      {cell('assignment', { base: 12, sm: 8, md: 4 }, <Assignment ticket={ticket} />)}
      {text('customer', { base: 6, sm: 4, md: 2 })}
      {text('crew_name', { base: 6, sm: 4, md: 2 })}
      {date('work_date', { base: 6, sm: 3, md: 2 })}
      {date('completion_date', { base: 6, sm: 3, md: 2 })}
      {daysCell('ticket_days_left', 'Days left', ticket.ticket_days_left, ticket.ticket_days_colour, { base: 6, sm: 3, md: 1 }, 'days-left')}
      {choice('percent_complete', TICKET_PERCENT_COMPLETE, { base: 6, sm: 3, md: 1 })}
      {cell('approval', { base: 12, sm: 6, md: 2 }, <Approval ticket={ticket} />)}
      {choice('invoice_status', TICKET_INVOICE_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('work_status', TICKET_WORK_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('change_order_status', TICKET_CHANGE_ORDER_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('photo_status', TICKET_PHOTO_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('payout_status', TICKET_PAYOUT_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('email_status', TICKET_EMAIL_STATUSES, { base: 6, sm: 3, md: 1 })}
      {choice('materials_status', TICKET_MATERIALS_STATUSES, { base: 6, sm: 3, md: 1 })}
      {text('billing_address', { base: 12, sm: 6, md: 3 })}
      {text('billing_city', { base: 6, sm: 3, md: 2 })}
      {text('billing_state', { base: 3, sm: 1, md: 1 })}
      {text('billing_zip', { base: 3, sm: 2, md: 1 })}
      {text('billing_email', { base: 6, sm: 4, md: 3 })}
      {text('billing_phone', { base: 6, sm: 3, md: 2 })}
      {cell('colour', { base: 12 }, <ColourPicker value={str(values.colour) || 'None'} onChange={(v) => onChange?.('colour', v)} readOnly={readOnly} dirty={dirty.includes('colour')} colours={TICKET_COLOURS} background={jobColourBackground} dense />)}
      {long('description', { base: 12 })}
    </Grid>
  );
}

/** The job (and segment, task) the ticket is for, linking to the job's page; it is assigned from the job screens. */
function Assignment({ ticket }: { ticket: TicketDetail }) {
  const job = ticket.account_job_number || (ticket.job_ref_id ? `#${ticket.job_ref_id}` : null);
  const at = ticket.account_job_number || ticket.job_ref_id;
  return (
    <Input.Wrapper size="xs" label="Job and segment">
      <Text component="div" size="sm" mih={30} pt={4} data-testid="ticket-assignment">
        {job && at ? (
          <Anchor component={Link} to={String(ticket.form_type ?? '').includes('orca') || ticket.task_id ? `/job/orca/${encodeURIComponent(at)}` : `/job/${encodeURIComponent(at)}`} size="sm" fw={600}>
            Job {job}
            {ticket.task_id ? ` · task ${ticket.task_id}` : ''}
            {ticket.segment_number ? ` · segment ${ticket.segment_number}` : ''}
          </Anchor>
        ) : (
          <Text span size="sm" c="dimmed">
            Not assigned: assign it from a job page
          </Text>
        )}
      </Text>
    </Input.Wrapper>
  );
}

function Approval({ ticket }: { ticket: TicketDetail }) {
  return (
    <Input.Wrapper size="xs" label="Approval">
      <Text size="sm" mih={30} pt={4} data-testid="ticket-approval" c={ticket.approved ? 'teal.8' : 'dimmed'} fw={ticket.approved ? 600 : 400}>
        {ticket.approved ? `Approved ${ticket.approval_date ?? ''}${ticket.approved_by ? ` by ${ticket.approved_by}` : ''}` : 'Not approved'}
      </Text>
    </Input.Wrapper>
  );
}
