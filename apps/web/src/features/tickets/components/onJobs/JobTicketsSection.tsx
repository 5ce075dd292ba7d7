/**
 * The tickets of a base job or of an ORCA task, as the job screens show them (spec 2): each with its
 * number, title, status, work date, signatures and feet, opening /ticket/{number} in a new tab (the
 * job stays open); a new ticket made for the job (or task), and an unassigned ticket assigned to it.
 * Live: any ticket change reads them again. A failure shows the server's answer.
 */
import { Anchor } from '@mantine/core';
import { showDate } from '../../../../lib/dates';
import type { JobSectionOf } from '../../../../components/slots/slots';
import { OnJobSection } from '../../../../components/record/OnJobSection';
import { useAssignTicket } from '../../api/assignTicket';
import { isQueued } from '../../../../lib/offline/queuedWrite';
import { useCreateTicket } from '../../api/createTicket';
import { useJobTickets } from '../../api/jobTickets';
import { ticketPath, type TicketRow } from '../../api/types';
import { useUnassignedTickets } from '../../api/unassignedTickets';
import { signatureMark } from '../../listLogic';
import { useLiveJobTickets } from './useLiveJobTickets';
import { showQuantity } from '../../../../lib/numbers';
import type { NewRecordForm } from '../../../../components/record/NewRecordDialog';

/** New ticket on a job: its title and work date (the job's crew fills the rest on the ticket). */
const NEW_JOB_TICKET: NewRecordForm = { label: 'New ticket for this job', fields: [{ name: 'title', label: 'Title', kind: 'text' }, { name: 'work_date', label: 'Work date', kind: 'date' }] };

/** The job (and task) the section is for. */
export type TicketsOf = JobSectionOf;

/** The form types of tickets made from a job screen (the server's list: settings form_types ?nav=ticket). */
export const JOB_TICKET_FORM = { base: 'base_ticket', orca: 'attorca_ticket' } as const;

const numberOf = (t: Pick<TicketRow, 'id' | 'account_ticket_number'>) => t.account_ticket_number || `#${t.id}`;

const optionLabel = (t: TicketRow) => [numberOf(t), t.title, t.ticket_status, t.work_date ? showDate(t.work_date) : null, t.customer].filter(Boolean).join(' · ');

/** The unassigned ones matching the typed words (a hook, so the picker can call it). */
const useFoundTickets = (q: string) => useUnassignedTickets(q, true);

export function JobTicketsSection({ of, readOnly }: { of: TicketsOf; readOnly?: boolean }) {
  useLiveJobTickets();
  const tickets = useJobTickets(of.jobId, of.task?.ref);
  const create = useCreateTicket();

  return (
    <OnJobSection
      of={of}
      noun="ticket"
      query={tickets}
      readOnly={readOnly}
      create={create}
      newValues={{ form_type: of.orca || of.task ? JOB_TICKET_FORM.orca : JOB_TICKET_FORM.base, job: of.jobId, ...(of.task ? { job_task_ref: of.task.ref } : {}) }}
      newForm={NEW_JOB_TICKET}
      made={(t) => (isQueued(t) ? 'Ticket added on this device: it is sent when the network is back.' : `Ticket ${numberOf(t)} added`)}
      // The tickets no job holds yet, found by ticket #, title or customer.
      assign={{
        findBy: 'a ticket #, title or customer',
        useFound: useFoundTickets,
        label: optionLabel,
        useAssign: useAssignTicket,
        assignment: { job: of.jobId, account_job_number: of.jobNumber, ...(of.task ? { job_task_ref: of.task.ref } : {}) },
        assigned: (t) => `Ticket ${numberOf(t)} assigned`,
        testIds: { picker: 'assign-ticket-picker', button: 'assign-chosen-ticket' },
      }}
      rowProps={(t) => ({ 'data-ticket-id': t.id })}
      columns={[
        { header: 'Ticket #', props: () => ({ fw: 600 }), cell: numberOf },
        { header: 'Title', cell: (t) => t.title },
        { header: 'Status', cell: (t) => t.ticket_status },
        { header: 'Work date', cell: (t) => showDate(t.work_date) },
        { header: 'Signed', props: (t) => ({ title: signatureMark(t.signature_status).words, c: signatureMark(t.signature_status).stale ? 'orange' : undefined }), cell: (t) => signatureMark(t.signature_status).mark },
        { header: 'Feet', right: true, cell: (t) => (t.feet_total ? showQuantity(t.feet_total, 'ft') : '') },
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
