/**
 * The locates of a base job or of an ORCA task, as the job screens show them (spec 2): each with its
 * ticket #, type, status, expiry and days left, crews, opening /locate/{id}; a new locate made for the
 * job (or task), and an existing unassigned locate assigned to it. A failure shows the server's
 * answer (spec 2 section 8: 'alert with the response data').
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Loader, Select, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import { showDate } from '../../../../lib/dates';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useAssignedLocates } from '../../api/assignedLocates';
import { useAssignLocate } from '../../api/assignLocate';
import { useCreateLocate } from '../../api/createLocate';
import { locatePath, type LocateView } from '../../api/locateTypes';
import { useUnassignedLocates } from '../../api/unassignedLocates';
import { useLiveJobLocates } from './useLiveJobLocates';

/** The job (and task) the section is for. */
export interface LocatesOf {
  jobId: string;
  jobNumber: string | null;
  /** An ORCA task: its job_tasks line and its id (1.1). */
  task?: { ref: string; taskId: string | null };
}

/** What a failed call says: the server's answer as it gave it. */
const failure = (what: string, e: unknown) => `${what} failed: ${errorText(e)}`;

export function JobLocatesSection({ of, readOnly }: { of: LocatesOf; readOnly?: boolean }) {
  const message = useMessage();
  const navigate = useNavigate();
  useLiveJobLocates();
  const locates = useAssignedLocates(of.jobId, of.task?.ref);
  const create = useCreateLocate();
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = of.task ? `Task ${of.task.taskId ?? ''} locates`.replace('  ', ' ') : 'Locates';

  const newLocate = () => {
    setError(null);
    create.mutate(
      {
        form_type: of.task ? 'attorca_locate' : 'base_locate',
        locate_status: 'Active',
        current_ticket_type: 'New',
        job_ref: of.jobId,
        ...(of.task ? { job_task_ref: of.task.ref } : {}),
      },
      {
        onSuccess: (l) => message(`Locate #${l.id} added: open it to enter its ticket`, 'success'),
        onError: (e) => {
          setError(failure('New locate', e));
          message(failure('New locate', e), 'error');
        },
      },
    );
  };

  const rows = locates.data ?? [];
  return (
    <section aria-label={title} data-testid="job-locates">
      <Group justify="space-between" mb={4} gap="xs">
        <Title order={5}>{title}</Title>
        {!readOnly && (
          <Group gap={6}>
            <Button size="compact-xs" variant="light" onClick={() => setPicking((p) => !p)} data-testid="assign-locate">
              Assign an existing locate
            </Button>
            <Button size="compact-xs" onClick={newLocate} loading={create.isPending} data-testid="new-locate">
              New locate
            </Button>
          </Group>
        )}
      </Group>
      {picking && !readOnly && <AssignPicker of={of} onDone={() => setPicking(false)} onError={setError} />}
      {error && (
        <Alert color="red" variant="light" p="xs" mb={4} withCloseButton onClose={() => setError(null)} role="alert">
          {error}
        </Alert>
      )}
      {locates.isPending ? (
        <Loader size="xs" />
      ) : locates.isError ? (
        <Text size="xs" c="red">
          The locates could not be loaded: {errorText(locates.error)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table fz="xs" striped highlightOnHover withTableBorder verticalSpacing={2} horizontalSpacing={6} data-lines-of={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ticket #</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Days</Table.Th>
                <Table.Th>Crews</Table.Th>
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="xs" c="dimmed" py={4}>
                      No locates yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((l) => (
                <Table.Tr key={l.id} data-locate-id={l.id} onClick={() => navigate(locatePath(l.id))} style={{ cursor: 'pointer' }}>
                  <Table.Td fw={600}>{l.current_ticket_number || <Text span fz="xs" c="dimmed">#{l.id}, no ticket yet</Text>}</Table.Td>
                  <Table.Td>{l.current_ticket_type}</Table.Td>
                  <Table.Td>{l.locate_status}</Table.Td>
                  <Table.Td>{showDate(l.current_date_expiration)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    <DaysToDue days={l.locate_days_left} colour={l.locate_days_colour} />
                  </Table.Td>
                  <Table.Td>{l.crew_string}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={locatePath(l.id)} size="xs" fw={600} onClick={(e) => e.stopPropagation()} aria-label={`Open locate ${l.current_ticket_number || l.id}`}>
                      Open
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

const optionLabel = (l: LocateView) =>
  [l.current_ticket_number || `#${l.id} (no ticket)`, l.locate_status, l.current_date_expiration ? `expires ${showDate(l.current_date_expiration)}` : null, l.customer].filter(Boolean).join(' · ');

/** A picker over the locates no job holds yet (found by ticket #, customer, crew ...) and Assign. */
function AssignPicker({ of, onDone, onError }: { of: LocatesOf; onDone: () => void; onError: (e: string | null) => void }) {
  const message = useMessage();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const found = useUnassignedLocates(q, true);
  const assign = useAssignLocate();
  const results = found.data?.results ?? [];

  const submit = () => {
    if (!chosen) {
      onError('Pick a locate to assign');
      return;
    }
    onError(null);
    const assignment = of.task
      ? { job_ref: of.jobId, job_task_ref: of.task.ref, task_id: of.task.taskId, account_job_number: of.jobNumber }
      : { job_ref: of.jobId, account_job_number: of.jobNumber };
    assign.mutate(
      { id: chosen, assignment },
      {
        onSuccess: (l) => {
          message(`Locate ${l.current_ticket_number || `#${l.id}`} assigned`, 'success');
          onDone();
        },
        onError: (e) => {
          onError(failure('Assigning the locate', e));
          message(failure('Assigning the locate', e), 'error');
        },
      },
    );
  };

  return (
    <Group gap="xs" mb={6} align="flex-end" data-testid="assign-picker">
      <Select
        size="xs"
        label="Unassigned locates"
        placeholder={found.isPending ? 'Loading...' : results.length ? 'Type a ticket #, customer or crew' : 'No unassigned locates'}
        data={results.map((l) => ({ value: l.id, label: optionLabel(l) }))}
        value={chosen}
        onChange={setChosen}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={found.isFetching ? 'Searching...' : 'No unassigned locate matches'}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 1, maxWidth: 460 }}
      />
      <Button size="xs" onClick={submit} loading={assign.isPending} data-testid="assign-chosen">
        Assign
      </Button>
      {found.data && found.data.count > results.length && (
        <Text size="xs" c="dimmed">
          {results.length} of {found.data.count} shown: type to narrow
        </Text>
      )}
    </Group>
  );
}
