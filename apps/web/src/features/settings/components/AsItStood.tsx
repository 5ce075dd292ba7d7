import { Alert, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CatalogRecordDef } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useAccountAsOf } from '../api/accountAsOf';
import { useCatalogRecordAsOf } from '../api/catalogRecordAsOf';
import { useSvaRateSheetAsOf } from '../api/svaRateSheetAsOf';
import { useCounterAsOf } from '../api/counterAsOf';
import {
  accountFieldsAsOf,
  catalogFieldsAsOf,
  catalogLinesAsOf,
  counterFieldsAsOf,
  cellAsOf,
  sheetFieldsAsOf,
  sheetLinesAsOf,
  type AsOfTarget,
  type StoodField,
  type StoodLines,
} from '../asItStood';

/** A drawer is no place for thousands of SVA codes: the first ones, and how many more. */
const LINES_AT_MOST = 200;

interface Read {
  isPending: boolean;
  error: unknown;
}

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

/** The record's fields (and lines) as they stood, read-only, under the entry that was pressed. */
function Stood({ at, read, fields, lines, onHide }: { at: string; read: Read; fields?: StoodField[]; lines?: StoodLines[]; onHide: () => void }) {
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
      {Boolean(read.error) && (
        <Alert color="red" p="xs">
          {errorText(read.error)}
        </Alert>
      )}
      {fields && (
        <Stack gap={0}>
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
          {lines?.map((l) => <LinesTable key={l.title} lines={l} />)}
        </Stack>
      )}
    </Paper>
  );
}

function CatalogAsOf({ def, id, at, onHide }: { def: CatalogRecordDef; id: string; at: string; onHide: () => void }) {
  const q = useCatalogRecordAsOf(def, id, at);
  return <Stood at={at} read={q} onHide={onHide} fields={q.data && catalogFieldsAsOf(def, q.data)} lines={q.data && catalogLinesAsOf(def, q.data)} />;
}

function AccountAsOf({ at, onHide }: { at: string; onHide: () => void }) {
  const q = useAccountAsOf(at);
  return <Stood at={at} read={q} onHide={onHide} fields={q.data && accountFieldsAsOf(q.data)} />;
}

function SheetAsOf({ at, onHide }: { at: string; onHide: () => void }) {
  const q = useSvaRateSheetAsOf(at);
  return <Stood at={at} read={q} onHide={onHide} fields={q.data && sheetFieldsAsOf(q.data)} lines={q.data && sheetLinesAsOf(q.data)} />;
}

function CounterAsOf({ path, at, onHide }: { path: string; at: string; onHide: () => void }) {
  const q = useCounterAsOf(path, at);
  return <Stood at={at} read={q} onHide={onHide} fields={q.data && counterFieldsAsOf(q.data)} />;
}

/** A settings record as it stood at `at` (an entry's time: right after that change), read-only. */
export function AsItStood({ target, at, onHide }: { target: AsOfTarget; at: string; onHide: () => void }) {
  switch (target.kind) {
    case 'catalog':
      return <CatalogAsOf def={target.def} id={target.id} at={at} onHide={onHide} />;
    case 'account':
      return <AccountAsOf at={at} onHide={onHide} />;
    case 'sva_rate_sheet':
      return <SheetAsOf at={at} onHide={onHide} />;
    case 'counter':
      return <CounterAsOf path={target.path} at={at} onHide={onHide} />;
  }
}
