/**
 * A section of the job screens listing records of another area that belong to the job or one of its
 * ORCA tasks (locates, tickets): its title, 'Assign an existing …' (the area's picker) and 'New …'
 * buttons, the server's answer when a call fails (spec 2 section 8: 'alert with the response data'),
 * and a table of the area's columns with 'No … yet.' while empty. The area says what each does.
 */
import { useState } from 'react';
import { Alert, Button, Group, Loader, Select, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import type { JobSectionOf } from '../slots/slots';
import { SectionTable, type SectionColumn } from '../table/SectionTable';
import { noneYet, plural } from '../../lib/words';
import { NewRecordDialog, type CreateCall, type NewRecordForm } from './NewRecordDialog';

/** A column of the section's table. */
export type OnJobColumn<T> = SectionColumn<T>;

/** The part of the area's react-query mutation (its create, its assign) a section calls. */
export interface OnJobCall<V, R> {
  mutate(values: V, options: { onSuccess(answer: R): void; onError(e: unknown): void }): void;
  isPending: boolean;
}

/** How the area finds its records no job holds yet and assigns one to the job ('Assign an existing …'). */
export interface OnJobAssign<T extends { id: string | number }, A, R> {
  /** What the search finds them by, for the empty box ('a ticket #, customer or crew'). */
  findBy: string;
  /** The records no job holds yet matching the typed words (the area's paged call). */
  useFound(q: string): { data?: { results: T[]; count: number }; isPending: boolean; isFetching: boolean };
  label(row: T): string;
  /** The area's assign mutation (a hook, called by the picker while it is open). */
  useAssign(): OnJobCall<{ id: string; assignment: A }, R>;
  /** What assigns a record to this job (or task). */
  assignment: A;
  /** What the message says once the record is assigned. */
  assigned(answer: R): string;
  testIds: { picker: string; button: string };
}

interface Props<T extends { id: string }, V, R, F extends { id: string | number }, A, RA> {
  /** The job (and task) the section is for: its title is 'Task 1.1 locates' on a task, else 'Locates'. */
  of: JobSectionOf;
  /** What one record is called ('locate', 'ticket'): the title, the buttons, the empty row, the messages and the test ids. */
  noun: string;
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown };
  columns: OnJobColumn<NoInfer<T>>[];
  readOnly?: boolean;
  /** 'New …': the area's create mutation, the values it sends for this job (or task), what the message says it made. */
  create: OnJobCall<V, R>;
  newValues: V;
  /** What 'New …' asks in its dialog before anything is written (the job's own values are sent with it). */
  newForm: NewRecordForm;
  made(answer: R): string;
  assign: OnJobAssign<F, A, RA>;
  /** A row's own props (its data attribute, a click that opens it). */
  rowProps?(row: NoInfer<T>): Record<string, unknown>;
}

/** What a failed call says: the server's answer as it gave it. */
export const failureText = (what: string, e: unknown) => `${what} failed: ${errorText(e)}`;

/** A section call's options: on success the area's words, then `then`; on failure the server's answer in the section (`fail`) and as a message. */
function useOutcome() {
  const message = useMessage();
  return <R,>(what: string, fail: (text: string) => void, said: (answer: R) => string, then?: () => void) => ({
    onSuccess: (answer: R) => {
      message(said(answer), 'success');
      then?.();
    },
    onError: (e: unknown) => {
      fail(failureText(what, e));
      message(failureText(what, e), 'error');
    },
  });
}

export function OnJobSection<T extends { id: string }, V, R, F extends { id: string | number }, A, RA>({ of, noun, query, columns, readOnly, create, newValues, newForm, made, assign, rowProps }: Props<T, V, R, F, A, RA>) {
  const message = useMessage();
  const [asking, setAsking] = useState(false);
  const title = of.task ? `Task ${of.task.taskId ?? ''} ${noun}s`.replace('  ', ' ') : `${noun[0].toUpperCase()}${noun.slice(1)}s`;
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = query.data ?? [];
  return (
    <section aria-label={title} data-testid={`job-${noun}s`}>
      <Group justify="space-between" mb={4} gap="xs">
        <Title order={5}>{title}</Title>
        {!readOnly && (
          <Group gap={6}>
            <Button size="compact-xs" variant="light" onClick={() => setPicking((p) => !p)} data-testid={`assign-${noun}`}>
              Assign an existing {noun}
            </Button>
            <Button
              size="compact-xs"
              onClick={() => {
                setError(null);
                setAsking(true);
              }}
              loading={create.isPending}
              data-testid={`new-${noun}`}
            >
              New {noun}
            </Button>
          </Group>
        )}
      </Group>
      {!readOnly && (
        <NewRecordDialog
          form={newForm}
          opened={asking}
          onClose={() => setAsking(false)}
          create={create as unknown as CreateCall<R>}
          given={newValues as Record<string, unknown>}
          onCreated={(answer) => message(made(answer), 'success')}
        />
      )}
      {picking && !readOnly && <UnassignedPicker noun={noun} {...assign} onDone={() => setPicking(false)} onError={setError} />}
      {error && (
        <Alert color="red" variant="light" p="xs" mb={4} withCloseButton onClose={() => setError(null)} role="alert">
          {error}
        </Alert>
      )}
      {query.isPending ? (
        <Loader size="xs" />
      ) : query.isError ? (
        <Text size="xs" c="red">
          The {noun}s could not be loaded: {errorText(query.error)}
        </Text>
      ) : (
        <SectionTable columns={columns} rows={rows} empty={noneYet(plural(noun), readOnly ? undefined : `New ${noun}`, readOnly ? undefined : `press Assign an existing ${noun}`)} minWidth={520} rowProps={rowProps} tableProps={{ highlightOnHover: true, 'data-lines-of': title }} />
      )}
    </section>
  );
}

interface PickerProps<T extends { id: string | number }, A, R> extends OnJobAssign<T, A, R> {
  /** What one record is called ('locate', 'ticket'): the label and the messages. */
  noun: string;
  onDone(): void;
  onError(text: string | null): void;
}

/** A search over the area's records no job holds yet, and Assign: the job screens' 'Assign an existing …'. */
function UnassignedPicker<T extends { id: string | number }, A, R>({ noun, findBy, useFound, label, useAssign, assignment, assigned, onDone, onError, testIds }: PickerProps<T, A, R>) {
  const outcome = useOutcome();
  const assign = useAssign();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const found = useFound(q);
  const results = found.data?.results ?? [];
  const submit = () => {
    if (!chosen) return onError(`Pick a ${noun} to assign`);
    onError(null);
    assign.mutate({ id: chosen, assignment }, outcome(`Assigning the ${noun}`, onError, assigned, onDone));
  };
  return (
    <Group gap="xs" mb={6} align="flex-end" data-testid={testIds.picker}>
      <Select
        size="xs"
        label={`Unassigned ${noun}s`}
        placeholder={found.isPending ? 'Loading...' : results.length ? `Type ${findBy}` : `No unassigned ${noun}s`}
        data={results.map((r) => ({ value: String(r.id), label: label(r) }))}
        value={chosen}
        onChange={setChosen}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={found.isFetching ? 'Searching...' : `No unassigned ${noun} matches`}
        comboboxProps={{ withinPortal: true }}
        style={{ flex: 1, maxWidth: 460 }}
      />
      <Button size="xs" onClick={submit} loading={assign.isPending} data-testid={testIds.button}>
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
