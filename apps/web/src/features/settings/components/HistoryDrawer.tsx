import { Alert, Badge, Drawer, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { FieldSpec } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDate, showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useHistory } from '../api/recordHistory';
import type { SettingsHistoryEntry } from '../api/types';

/** What the history drawer is showing: a record's history path and what to call it. */
export interface HistoryTarget {
  url: string;
  /** What the record is called, e.g. 'crew North Bore'. */
  title: string;
  fields?: FieldSpec[];
}

/** 'CrewRevised' -> 'Crew revised'. */
const eventLabel = (type: string) =>
  type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());

/** 'crew_name' -> 'Crew name', unless the record's fields name it. */
const fieldLabel = (name: string, fields?: FieldSpec[]) =>
  fields?.find((f) => f.name === name)?.label ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return showDate(v);
  return String(v);
}

function Entry({ entry, fields }: { entry: SettingsHistoryEntry; fields?: FieldSpec[] }) {
  return (
    <Paper withBorder p={6} radius="sm" data-history-entry>
      <Group gap={6} wrap="wrap">
        <Text size="xs" fw={700}>
          {showDateTime(entry.at)}
        </Text>
        <Text size="xs">{entry.user_name}</Text>
        <Badge size="xs" variant="light">
          {eventLabel(entry.type)}
        </Badge>
      </Group>
      {entry.changes.length > 0 && (
        <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} mt={4}>
          <Table.Tbody>
            {entry.changes.map((c) => (
              <Table.Tr key={c.field}>
                <Table.Td w={140} c="dimmed">
                  {fieldLabel(c.field, fields)}
                </Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  <Text span fz="xs" td="line-through" c="dimmed">
                    {showValue(c.old)}
                  </Text>
                  {' → '}
                  <Text span fz="xs" fw={600}>
                    {showValue(c.new)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Who changed which field of a settings record, and when: newest first. */
export function HistoryDrawer({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const history = useHistory(target?.url ?? null);
  const entries = [...(history.data ?? [])].reverse();
  return (
    <Drawer opened={Boolean(target)} onClose={onClose} position="right" size="lg" title={target ? `History of ${target.title}` : 'History'} padding="sm">
      {history.isPending && <WaitMessage />}
      {history.isError && <Alert color="red">{errorText(history.error)}</Alert>}
      {history.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          No history.
        </Text>
      )}
      <Stack gap={6}>
        {entries.map((e) => (
          <Entry key={`${e.position}-${e.version}-${e.type}-${e.line_id ?? ''}`} entry={e} fields={target?.fields} />
        ))}
      </Stack>
    </Drawer>
  );
}
