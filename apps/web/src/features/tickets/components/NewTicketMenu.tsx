/**
 * New ticket from the list: pick a form type of the server's list (as every New menu), then the job
 * it is for (the jobs the user may write tickets for, found as they type) and its title; the ticket
 * is made New with the ticket counter's number and opened at /ticket/{number}.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormType } from '../../../components/record/formTypes';
import { FormTypeMenu } from '../../../components/record/NewByFormTypeMenu';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useCreateTicket } from '../api/createTicket';
import { useMyJobs } from '../api/myJobs';
import { ticketPath } from '../api/types';
import { jobOptionLabel } from '../listLogic';
import { ModalButtons } from '../../../components/record/ModalButtons';

export function NewTicketMenu() {
  const [formType, setFormType] = useState<FormType | null>(null);
  return (
    <>
      <FormTypeMenu label="New ticket" nav="ticket" onPick={setFormType} />
      {formType && <NewTicketForm formType={formType} onClose={() => setFormType(null)} />}
    </>
  );
}

function NewTicketForm({ formType, onClose }: { formType: FormType; onClose: () => void }) {
  const navigate = useNavigate();
  const message = useMessage();
  const create = useCreateTicket();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [job, setJob] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const jobs = useMyJobs(q, true);
  const found = jobs.data?.results ?? [];

  const submit = () => {
    if (!job) {
      setError('Pick the job this ticket is for');
      return;
    }
    setError(null);
    create.mutate(
      { form_type: formType.name, job, title: title.trim() },
      {
        onSuccess: (t) => navigate(ticketPath({ id: String(t.id), account_ticket_number: t.account_ticket_number })),
        onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`New ticket: ${formType.ux_name}`} size="lg">
      <Stack gap="xs" data-testid="new-ticket-form">
        <Select
          label="Job"
          placeholder={jobs.isPending ? 'Loading...' : found.length ? 'Type a job number, title or customer' : 'No open jobs of yours'}
          data={found.map((j) => ({ value: String(j.id), label: jobOptionLabel(j) }))}
          value={job}
          onChange={setJob}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={jobs.isFetching ? 'Searching...' : 'No job of yours matches'}
          comboboxProps={{ withinPortal: true }}
          error={error}
          data-autofocus
        />
        {jobs.data && jobs.data.count > found.length && (
          <Text size="xs" c="dimmed">
            {found.length} of {jobs.data.count} jobs shown: type to narrow
          </Text>
        )}
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} placeholder="e.g. Bore 1200' Main St" />
        <ModalButtons onClose={onClose}>
          <Button size="xs" onClick={submit} loading={create.isPending}>
            Create ticket
          </Button>
        </ModalButtons>
      </Stack>
    </Modal>
  );
}
