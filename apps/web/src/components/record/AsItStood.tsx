import type { ReactNode } from 'react';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { showDateTime } from '../../lib/dates';
import { errorText, isApiError } from '../../lib/http';
import { WaitMessage } from '../WaitMessage';
import { useRecordAsOf, type RecordRef } from './recordRef';
import { cellAsOf, type StoodField, type StoodLines } from './asItStoodLogic';

/**
 * What a history entry shows of its record as it stood: its fields, its lines, anything of its own.
 * Methods, so a view of one record's shape serves where any record's is asked for.
 */
export interface StoodView<T> {
  fields(record: T): StoodField[];
  /** Collections as read-only tables (a product's raw materials, the SVA codes). */
  lines?(record: T): StoodLines[];
  /** Anything else, under the fields and lines (a routine's sets with their tasks). */
  body?(record: T): ReactNode;
  /** 'grid': three fields to a row, for records with short fields; 'rows' (default): one a row. */
  layout?: 'rows' | 'grid';
}

/** A drawer is no place for thousands of SVA codes: the first ones, and how many more. */
const LINES_AT_MOST = 200;

function LinesTable({ lines }: { lines: StoodLines }) {
  const rows = lines.rows.slice(0, LINES_AT_MOST);
  return (
    <Box mt={6}>
      <Text size="xs" fw={700}>
        {lines.title} ({lines.rows.length})
      </Text>
      {lines.rows.length === 0 ? (
        <Text size="xs" c="dimmed">
          None.
        </Text>
      ) : (
        <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} withRowBorders={false}>
          <Table.Thead>
            <Table.Tr>
              {lines.fields.map((f) => (
                <Table.Th key={f.name}>{f.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-line-id={r.id}>
                {lines.fields.map((f) => (
                  <Table.Td key={f.name} style={{ wordBreak: 'break-word' }}>
                    {cellAsOf(f, r[f.name])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {lines.rows.length > rows.length && (
        <Text size="xs" c="dimmed">
          and {lines.rows.length - rows.length} more.
        </Text>
      )}
    </Box>
  );
}

/** One field a row: label dimmed, value bold. */
function FieldRows({ fields }: { fields: StoodField[] }) {
  return (
    <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} mt={4} withRowBorders={false}>
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f.name} data-field={f.name}>
            <Table.Td w={160} c="dimmed">
              {f.label}
            </Table.Td>
            <Table.Td fw={600} style={{ wordBreak: 'break-word' }}>
              {f.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Three fields to a row: label dimmed, value bold. */
function FieldGrid({ fields }: { fields: StoodField[] }) {
  return (
    <SimpleGrid cols={3} spacing={8} verticalSpacing={0} mt={4}>
      {fields.map((f) => (
        <Text key={f.name} size="xs" data-field={f.name} style={{ wordBreak: 'break-word' }}>
          <Text span fz="xs" c="dimmed">
            {f.label}{' '}
          </Text>
          <Text span fz="xs" fw={600}>
            {f.value}
          </Text>
        </Text>
      ))}
    </SimpleGrid>
  );
}

/**
 * The record as it stood at `at` (an entry's time: right after that change), read-only, under the
 * history entry that was pressed.
 */
export function AsItStood<T>({ record, view, at, onHide }: { record: RecordRef; view: StoodView<T>; at: string; onHide: () => void }) {
  const read = useRecordAsOf<T>(record, at);
  const missing = isApiError(read.error) && read.error.isNotFound;
  const past = read.data;
  return (
    <Paper component="section" aria-label="As it stood then" data-testid="as-it-stood" withBorder p={6} mt={6} radius="sm" bg="var(--mantine-color-violet-0)">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={700} c="violet.9">
          As it stood on {showDateTime(at)} (read-only)
        </Text>
        <Button size="compact-xs" variant="subtle" color="violet" onClick={onHide}>
          Hide
        </Button>
      </Group>
      {read.isPending && <WaitMessage />}
      {missing ? (
        <Text size="xs" c="dimmed">
          It did not exist yet.
        </Text>
      ) : (
        Boolean(read.error) && (
          <Alert color="red" p="xs">
            {errorText(read.error)}
          </Alert>
        )
      )}
      {past !== undefined && (
        <>
          {view.layout === 'grid' ? <FieldGrid fields={view.fields(past)} /> : <FieldRows fields={view.fields(past)} />}
          {view.lines?.(past).map((l) => <LinesTable key={l.title} lines={l} />)}
          {view.body?.(past)}
        </>
      )}
    </Paper>
  );
}
