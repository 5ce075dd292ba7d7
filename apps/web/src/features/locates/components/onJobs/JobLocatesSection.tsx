/**
 * The locates of a base job or of an ORCA task, as the job screens show them (spec 2): each with its
 * ticket #, type, status, expiry and days left, crews, opening /locate/{id}; a new locate made for the
 * job (or task), and an existing unassigned locate assigned to it. A failure shows the server's
 * answer (spec 2 section 8: 'alert with the response data').
 */
import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Text } from '@mantine/core';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import type { JobSectionOf } from '../../../../components/slots/slots';
import { OnJobSection } from '../../../../components/record/OnJobSection';
import { showDate } from '../../../../lib/dates';
import { useAssignedLocates } from '../../api/assignedLocates';
import { useAssignLocate } from '../../api/assignLocate';
import { useCreateLocate } from '../../api/createLocate';
import { locatePath, type LocateView } from '../../api/locateTypes';
import { useUnassignedLocates } from '../../api/unassignedLocates';
import { useLiveJobLocates } from './useLiveJobLocates';
import { NEW_LOCATE_FIELDS } from '../ListActions';

/** New locate on a job: its ticket and work date, or neither (a locate made for the job, its ticket entered later). */
const NEW_JOB_LOCATE = { label: 'New locate for this job', fields: NEW_LOCATE_FIELDS.map(({ required: _r, ...f }) => f) };

/** The job (and task) the section is for. */
export type LocatesOf = JobSectionOf;

const optionLabel = (l: LocateView) =>
  [l.current_ticket_number || `#${l.id} (no ticket)`, l.locate_status, l.current_date_expiration ? `expires ${showDate(l.current_date_expiration)}` : null, l.customer].filter(Boolean).join(' · ');

/** The unassigned ones matching the typed words (a hook, so the picker can call it). */
const useFoundLocates = (q: string) => useUnassignedLocates(q, true);

export function JobLocatesSection({ of, readOnly }: { of: LocatesOf; readOnly?: boolean }) {
  const navigate = useNavigate();
  useLiveJobLocates();
  const locates = useAssignedLocates(of.jobId, of.task?.ref);
  const create = useCreateLocate();

  return (
    <OnJobSection
      of={of}
      noun="locate"
      query={locates}
      readOnly={readOnly}
      create={create}
      newValues={{
        form_type: of.task ? 'attorca_locate' : 'base_locate',
        locate_status: 'Active',
        current_ticket_type: 'New',
        job_ref: of.jobId,
        ...(of.task ? { job_task_ref: of.task.ref } : {}),
      }}
      newForm={NEW_JOB_LOCATE}
      made={(l) => (l.current_ticket_number ? `Locate ${l.current_ticket_number} added` : `Locate #${l.id} added: open it to enter its ticket`)}
      // The locates no job holds yet, found by ticket #, customer or crew.
      assign={{
        findBy: 'a ticket #, customer or crew',
        useFound: useFoundLocates,
        label: optionLabel,
        useAssign: useAssignLocate,
        assignment: of.task
          ? { job_ref: of.jobId, job_task_ref: of.task.ref, task_id: of.task.taskId, account_job_number: of.jobNumber }
          : { job_ref: of.jobId, account_job_number: of.jobNumber },
        assigned: (l) => `Locate ${l.current_ticket_number || `#${l.id}`} assigned`,
        testIds: { picker: 'assign-picker', button: 'assign-chosen' },
      }}
      rowProps={(l) => ({ 'data-locate-id': l.id, onClick: () => navigate(locatePath(l.id)), style: { cursor: 'pointer' } })}
      columns={[
        { header: 'Ticket #', props: () => ({ fw: 600 }), cell: (l) => l.current_ticket_number || <Text span fz="xs" c="dimmed">#{l.id}, no ticket yet</Text> },
        { header: 'Type', cell: (l) => l.current_ticket_type },
        { header: 'Status', cell: (l) => l.locate_status },
        { header: 'Expires', cell: (l) => showDate(l.current_date_expiration) },
        { header: 'Days', right: true, cell: (l) => <DaysToDue days={l.locate_days_left} colour={l.locate_days_colour} /> },
        { header: 'Crews', cell: (l) => l.crew_string },
        {
          header: '',
          width: 50,
          cell: (l) => (
            <Anchor component={Link} to={locatePath(l.id)} size="xs" fw={600} onClick={(e) => e.stopPropagation()} aria-label={`Open locate ${l.current_ticket_number || l.id}`}>
              Open
            </Anchor>
          ),
        },
      ]}
    />
  );
}
