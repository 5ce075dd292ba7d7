/**
 * A section of the job screens listing records of another area that belong to the job or one of its
 * ORCA tasks (locates, tickets): its title, 'Assign an existing …' (the area's picker) and 'New …'
 * buttons, the server's answer when a call fails (spec 2 section 8: 'alert with the response data'),
 * and a table of the area's columns with 'No … yet.' while empty. The area says what each does.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Table, Text, Title, type TableTdProps } from '@mantine/core';
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
