import { Alert, Badge, Button, Drawer, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { showDate, showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useBidHistory, type BidHistoryEntry } from '../api/bidHistory';
import { fieldLabel } from '../fields';
import { WaitMessage } from '../../../components/WaitMessage';

const COLLECTION_NAMES: Record<string, string> = {
  bid_items: 'Item',
  bid_notes: 'Note',
  bid_customer_data: 'Customer data',
  bid_files: 'File',
};

/** 'BidItemRevised' -> 'Bid item revised'. */
export const eventLabel = (type: string) =>
  type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());

export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return showDate(v);
  return String(v);
}

function Entry({ entry, onAsOf }: { entry: BidHistoryEntry; onAsOf: (at: string) => void }) {
  return (
    <Paper withBorder p={6} radius="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="wrap">
          <Text size="xs" fw={700}>
            {showDateTime(entry.at)}
          </Text>
          <Text size="xs">{entry.user_name}</Text>
          <Badge size="xs" variant="light">
            {eventLabel(entry.type)}
          </Badge>
          {entry.collection && (
            <Text size="xs" c="dimmed">
              {COLLECTION_NAMES[entry.collection] ?? entry.collection} {entry.line_id}
            </Text>
          )}
        </Group>
        <Button size="compact-xs" variant="subtle" onClick={() => onAsOf(entry.at)} title="Show the bid as it stood right after this change">
          As of this
        </Button>
      </Group>
      {entry.changes.length > 0 && (
        <Table fz="xs" verticalSpacing={1} horizontalSpacing={4} mt={4}>
          <Table.Tbody>
            {entry.changes.map((c) => (
              <Table.Tr key={c.field}>
                <Table.Td w={140} c="dimmed">
                  {fieldLabel(c.field)}
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

/** Who changed what and when, newest first; any point can be opened as of then. */
export function HistoryDrawer({ bidId, opened, onClose, onAsOf }: { bidId: string; opened: boolean; onClose: () => void; onAsOf: (at: string) => void }) {
  const history = useBidHistory(bidId, opened);
  const entries = [...(history.data ?? [])].reverse();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title="History" padding="sm">
      {history.isPending && <WaitMessage />}
      {history.isError && <Alert color="red">{errorText(history.error)}</Alert>}
      {history.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          No history.
        </Text>
      )}
      <Stack gap={6}>
        {entries.map((e) => (
          <Entry key={`${e.position}-${e.version}-${e.type}-${e.line_id ?? ''}`} entry={e} onAsOf={onAsOf} />
        ))}
      </Stack>
    </Drawer>
  );
}
