/**
 * The tickets of a base job or of an ORCA task, as the job screens show them (spec 2): each with its
 * number, title, status, work date, signatures and feet, opening /ticket/{number} in a new tab (the
 * job stays open); a new ticket made for the job (or task), and an unassigned ticket assigned to it.
 * Live: any ticket change reads them again. A failure shows the server's answer.
 */
import { Anchor } from '@mantine/core';
import { showDate } from '../../../../lib/dates';
import type { JobSectionOf } from '../../../../components/slots/slots';
import { failureText, OnJobSection, UnassignedPicker } from '../../../../components/record/OnJobSection';
import { useMessage } from '../../../../lib/messages';
import { useAssignTicket } from '../../api/assignTicket';
import { useCreateTicket } from '../../api/createTicket';
import { useJobTickets } from '../../api/jobTickets';
import { ticketPath, type TicketRow } from '../../api/types';
import { useUnassignedTickets } from '../../api/unassignedTickets';
import { signatureMark } from '../../listLogic';
import { useLiveJobTickets } from './useLiveJobTickets';

/** The job (and task) the section is for. */
export type TicketsOf = JobSectionOf;

/** The form types of tickets made from a job screen (the server's list: settings form_types ?nav=ticket). */
export const JOB_TICKET_FORM = { base: 'base_ticket', orca: 'attorca_ticket' } as const;

const numberOf = (t: Pick<TicketRow, 'id' | 'account_ticket_number'>) => t.account_ticket_number || `#${t.id}`;

export function JobTicketsSection({ of, readOnly }: { of: TicketsOf; readOnly?: boolean }) {
  const message = useMessage();
  useLiveJobTickets();
  const tickets = useJobTickets(of.jobId, of.task?.ref);
  const create = useCreateTicket();
  const title = of.task ? `Task ${of.task.taskId ?? ''} tickets`.replace('  ', ' ') : 'Tickets';

  const newTicket = (fail: (text: string) => void) =>
    create.mutate(
      { form_type: of.orca || of.task ? JOB_TICKET_FORM.orca : JOB_TICKET_FORM.base, job: of.jobId, ...(of.task ? { job_task_ref: of.task.ref } : {}) },
      {
        onSuccess: (t) => message(`Ticket ${numberOf(t)} added`, 'success'),
        onError: (e) => {
          fail(failureText('New ticket', e));
          message(failureText('New ticket', e), 'error');
        },
      },
    );

  return (
    <OnJobSection<TicketRow>
      title={title}
      noun="ticket"
      query={tickets}
      readOnly={readOnly}
      creating={create.isPending}
      onNew={newTicket}
      picker={(done, fail) => <AssignPicker of={of} onDone={done} onError={fail} />}
      rowProps={(t) => ({ 'data-ticket-id': t.id })}
      columns={[
        { header: 'Ticket #', props: () => ({ fw: 600 }), cell: numberOf },
        { header: 'Title', cell: (t) => t.title },
        { header: 'Status', cell: (t) => t.ticket_status },
        { header: 'Work date', cell: (t) => showDate(t.work_date) },
        { header: 'Signed', props: (t) => ({ title: signatureMark(t.signature_status).words, c: signatureMark(t.signature_status).stale ? 'orange.9' : undefined }), cell: (t) => signatureMark(t.signature_status).mark },
        { header: 'Feet', right: true, cell: (t) => (t.feet_total ? t.feet_total.toLocaleString('en-US') : '') },
        {
          header: '',
          width: 50,
          cell: (t) => (
            <Anchor href={ticketPath(t)} target="_blank" rel="noopener" size="xs" fw={600} aria-label={`Open ticket ${numberOf(t)}`}>
              Open
            </Anchor>
          ),
        },
      ]}
    />
  );
}

const optionLabel = (t: TicketRow) => [numberOf(t), t.title, t.ticket_status, t.work_date ? showDate(t.work_date) : null, t.customer].filter(Boolean).join(' · ');

/** The unassigned ones matching the typed words (a hook, so the picker can call it). */
const useFoundTickets = (q: string) => useUnassignedTickets(q, true);

/** The tickets no job holds yet, found by ticket #, title or customer, and Assign (the shared picker). */
function AssignPicker({ of, onDone, onError }: { of: TicketsOf; onDone: () => void; onError: (e: string | null) => void }) {
  const message = useMessage();
  const assign = useAssignTicket();
  const assignment = { job: of.jobId, account_job_number: of.jobNumber, ...(of.task ? { job_task_ref: of.task.ref } : {}) };
  return (
    <UnassignedPicker<TicketRow>
      noun="ticket"
      findBy="a ticket #, title or customer"
      useFound={useFoundTickets}
      label={optionLabel}
      assigning={assign.isPending}
      onDone={onDone}
      onError={onError}
      testIds={{ picker: 'assign-ticket-picker', button: 'assign-chosen-ticket' }}
      onAssign={(id, done, fail) =>
        assign.mutate(
          { id, assignment },
          {
            onSuccess: (r) => {
              message(((t) => `Ticket ${numberOf(t)} assigned`)(r), 'success');
              done();
            },
            onError: (e) => {
              fail(failureText('Assigning the ticket', e));
              message(failureText('Assigning the ticket', e), 'error');
            },
          },
        )
      }
    />
  );
}
