import { Fragment, useState } from 'react';
import { Badge, Button, Code, Group, Modal, Pagination, Table } from '@mantine/core';
import { PanelTable, QueryAnswer, type PanelColumn } from '../../../components/QueryAnswer';
import { showDateTime } from '../../../lib/dates';
import { DELIVERIES_PAGE_SIZE, useDeliveries, type Delivery, type DeliveryState, type Webhook } from '../api/webhooks';

export const STATE_COLOURS: Record<DeliveryState, string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };

export function DeliveryStateBadge({ state }: { state: DeliveryState }) {
  return (
    <Badge size="xs" variant="light" color={STATE_COLOURS[state]}>
      {state}
    </Badge>
  );
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const DELIVERY_COLUMNS: PanelColumn[] = ['When', 'Topic', 'State', { label: 'Attempts', right: true }, 'Last answer', 'Next try', ''];

/** What the receiver answered last: its status, or why there was none. */
const answerOf = (d: Pick<Delivery, 'last_status' | 'last_error'>) => (d.last_status !== null ? String(d.last_status) : (d.last_error ?? '—'));

/** Every attempt of one delivery, with the first 2 KB of each answer. */
function AttemptLog({ delivery }: { delivery: Delivery }) {
  return (
    <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} aria-label={`Attempts of delivery ${delivery.id}`}>
      <Table.Tbody>
        {delivery.attempt_log.map((a) => (
          <Table.Tr key={a.attempt}>
            <Table.Td style={NOWRAP}>#{a.attempt}</Table.Td>
            <Table.Td style={NOWRAP}>{showDateTime(a.at)}</Table.Td>
            <Table.Td style={NOWRAP}>{a.status ?? 'no answer'}</Table.Td>
            <Table.Td style={NOWRAP}>{a.duration_ms} ms</Table.Td>
            <Table.Td>
              <Code block fz={11} style={{ maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {a.error ?? (a.response || '(empty answer)')}
              </Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A webhook's deliveries, newest first: state, attempts, last answer; each opens its attempts. */
export function WebhookDeliveries({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useDeliveries(hook.id, page);
  const pages = Math.max(1, Math.ceil((deliveries.data?.count ?? 0) / DELIVERIES_PAGE_SIZE));
  return (
    <Modal opened onClose={onClose} title={`Deliveries to ${hook.url}`} size="xl">
      <QueryAnswer query={deliveries} isEmpty={(d) => d.results.length === 0} empty="Nothing sent yet. Ping it, or wait for an event it wants.">
        {(data) => (
          <PanelTable label="Deliveries" columns={DELIVERY_COLUMNS}>
            {data.results.map((d) => (
              <Fragment key={d.id}>
                <Table.Tr>
                  <Table.Td style={NOWRAP}>{showDateTime(d.created_at)}</Table.Td>
                  <Table.Td>{d.topic}</Table.Td>
                  <Table.Td>
                    <DeliveryStateBadge state={d.state} />
                  </Table.Td>
                  <Table.Td ta="right">{d.attempts}</Table.Td>
                  <Table.Td title={d.last_response ?? undefined} style={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {answerOf(d)}
                    {d.last_response ? ` · ${d.last_response}` : ''}
                  </Table.Td>
                  <Table.Td style={NOWRAP}>{d.next_attempt_at ? showDateTime(d.next_attempt_at) : ''}</Table.Td>
                  <Table.Td>
                    {d.attempt_log.length > 0 && (
                      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(open === d.id ? null : d.id)} aria-expanded={open === d.id}>
                        {open === d.id ? 'Hide' : 'Answers'}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
                {open === d.id && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <AttemptLog delivery={d} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </PanelTable>
        )}
      </QueryAnswer>
      {pages > 1 && (
        <Group justify="flex-end" mt="xs">
          <Pagination size="xs" total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Modal>
  );
}
