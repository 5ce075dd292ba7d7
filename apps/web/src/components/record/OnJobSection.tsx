/**
 * A section of the job screens listing records of another area that belong to the job or one of its
 * ORCA tasks (locates, tickets): its title, 'Assign an existing …' (the area's picker) and 'New …'
 * buttons, the server's answer when a call fails (spec 2 section 8: 'alert with the response data'),
 * and a table of the area's columns with 'No … yet.' while empty. The area says what each does.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Select, Table, Text, Title, type TableTdProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { errorText } from '../../lib/http';

export interface OnJobColumn<T> {
  header: string;
  right?: boolean;
  width?: number;
  cell(row: T): ReactNode;
  /** More of the cell's props (its tooltip, its colour). */
  props?(row: T): Partial<TableTdProps>;
}

interface Props<T extends { id: string }> {
  title: string;
  /** What one record is called ('locate', 'ticket'): the buttons, the empty row and the test ids. */
  noun: string;
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown };
  columns: OnJobColumn<T>[];
  readOnly?: boolean;
  creating: boolean;
  /** Make a new record for the job; `fail` shows what went wrong. */
  onNew(fail: (text: string) => void): void;
  /** The picker of records no job holds yet; `done` closes it. */
  picker(done: () => void, fail: (text: string | null) => void): ReactNode;
  /** A row's own props (its data attribute, a click that opens it). */
  rowProps?(row: T): Record<string, unknown>;
}

/** What a failed call says: the server's answer as it gave it. */
export const failureText = (what: string, e: unknown) => `${what} failed: ${errorText(e)}`;

export function OnJobSection<T extends { id: string }>({ title, noun, query, columns, readOnly, creating, onNew, picker, rowProps }: Props<T>) {
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
                onNew(setError);
              }}
              loading={creating}
              data-testid={`new-${noun}`}
            >
              New {noun}
            </Button>
          </Group>
        )}
      </Group>
      {picking && !readOnly && picker(() => setPicking(false), setError)}
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
        <Table.ScrollContainer minWidth={520} type="native">
          <Table fz="xs" striped highlightOnHover withTableBorder verticalSpacing={2} horizontalSpacing={6} data-lines-of={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.header} w={c.width} style={c.right ? { textAlign: 'right' } : undefined}>
                    {c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text size="xs" c="dimmed" py={4}>
                      No {noun}s yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((r) => (
                <Table.Tr key={r.id} {...rowProps?.(r)}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} style={c.right ? { textAlign: 'right' } : undefined} {...c.props?.(r)}>
                      {c.cell(r)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

interface PickerProps<T extends { id: string | number }> {
  /** What one record is called ('locate', 'ticket'): the label and the messages. */
  noun: string;
  /** What the search finds them by, for the empty box ('a ticket #, customer or crew'). */
  findBy: string;
  /** The records no job holds yet matching the typed words (the area's paged call). */
  useFound(q: string): { data?: { results: T[]; count: number }; isPending: boolean; isFetching: boolean };
  label(row: T): string;
  /** Assign the chosen record to the job; the area says what it assigned. */
  onAssign(id: string, done: () => void, fail: (text: string) => void): void;
  assigning: boolean;
  onDone(): void;
  onError(text: string | null): void;
  testIds: { picker: string; button: string };
}

/** A search over the area's records no job holds yet, and Assign: the job screens' 'Assign an existing …'. */
export function UnassignedPicker<T extends { id: string | number }>({ noun, findBy, useFound, label, onAssign, assigning, onDone, onError, testIds }: PickerProps<T>) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const found = useFound(q);
  const results = found.data?.results ?? [];
  const submit = () => {
    if (!chosen) return onError(`Pick a ${noun} to assign`);
    onError(null);
    onAssign(chosen, onDone, onError);
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
      <Button size="xs" onClick={submit} loading={assigning} data-testid={testIds.button}>
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
