import { useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { PanelTable, QueryAnswer } from '../../../components/QueryAnswer';
import { confirmAction } from '../../../lib/confirm';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useCan } from '../../auth';
import { useDeleteWebhook, usePingWebhook, useWebhooks, type Webhook } from '../api/webhooks';
import { DeliveryStateBadge, WebhookDeliveries } from './WebhookDeliveries';
import { NewWebhookSecret, WebhookEditor } from './WebhookEditor';
import { SettingsSection } from './SettingsSection';
import { sectionShown } from '../sections';

type Open = { kind: 'new' } | { kind: 'edit' | 'deliveries' | 'created'; id: string } | null;

const topicsShown = (topics: string[]) => (topics.length <= 2 ? topics.join(', ') : `${topics.slice(0, 2).join(', ')} +${topics.length - 2}`);

/** Settings > Webhooks, shown to admins only (the server refuses anyone else): the section with its New button. */
export function WebhooksSettings() {
  const can = useCan();
  const [opened, setOpened] = useState<Open>(null);
  if (!sectionShown('webhooks', can)) return null;
  return (
    <SettingsSection
      id="webhooks"
      title="Webhooks"
      actions={
        <Button size="compact-xs" onClick={() => setOpened({ kind: 'new' })}>
          New webhook
        </Button>
      }
    >
      <WebhooksSection opened={opened} setOpened={setOpened} />
    </SettingsSection>
  );
}

/** Each outside system's URL, topics, state and last delivery; edit, ping, deliveries, delete. */
function WebhooksSection({ opened, setOpened }: { opened: Open; setOpened: (o: Open) => void }) {
  const message = useMessage();
  const hooks = useWebhooks(true);
  const ping = usePingWebhook();
  const remove = useDeleteWebhook();
  // The open dialog shows the webhook as listed now (a rotated secret included).
  const current = opened && opened.kind !== 'new' ? hooks.data?.find((h) => h.id === opened.id) : undefined;
  const close = () => setOpened(null);

  const pingNow = (h: Webhook) =>
    ping.mutate(h.id, { onSuccess: () => message(`Ping queued for ${h.url}: see Deliveries.`, 'success'), onError: (e) => message(errorText(e), 'error') });
  const deleteNow = (h: Webhook) => {
    if (!confirmAction(`Delete the webhook to ${h.url}? Nothing more is sent to it.`)) return;
    remove.mutate(h.id, { onSuccess: () => message('Webhook deleted.', 'success'), onError: (e) => message(errorText(e), 'error') });
  };

  return (
    <>
      <QueryAnswer query={hooks} isEmpty={(d) => d.length === 0} empty="No webhooks yet. Add one to send events and notifications to another system, signed with its secret.">
        {(data) => (
          <PanelTable label="Webhooks" columns={['URL', 'Topics', 'State', 'Last delivery', '']}>
            {data.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td style={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  <Text fz="xs" ff="monospace" truncate="end" title={h.url}>
                    {h.url}
                  </Text>
                  {h.description && (
                    <Text fz={11} c="dimmed" truncate="end">
                      {h.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td title={h.topics.join('\n')}>{h.topics.length ? topicsShown(h.topics) : <Text span fz="xs" c="dimmed">none</Text>}</Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light" color={h.active ? 'teal' : 'gray'}>
                    {h.active ? 'active' : 'off'}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {h.last_delivery ? (
                    <Group gap={4} wrap="nowrap">
                      <DeliveryStateBadge state={h.last_delivery.state} />
                      <Text span fz="xs">
                        {h.last_delivery.status ?? ''} {showDateTime(h.last_delivery.at)}
                      </Text>
                    </Group>
                  ) : (
                    <Text span fz="xs" c="dimmed">
                      none yet
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Button size="compact-xs" variant="subtle" onClick={() => setOpened({ kind: 'edit', id: h.id })}>
                      Edit
                    </Button>
                    <Button size="compact-xs" variant="subtle" disabled={!h.active} loading={ping.isPending && ping.variables === h.id} onClick={() => pingNow(h)}>
                      Ping
                    </Button>
                    <Button size="compact-xs" variant="subtle" onClick={() => setOpened({ kind: 'deliveries', id: h.id })}>
                      Deliveries
                    </Button>
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => deleteNow(h)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </PanelTable>
        )}
      </QueryAnswer>
      {opened?.kind === 'new' && <WebhookEditor hook={null} onClose={close} onCreated={(h) => setOpened({ kind: 'created', id: h.id })} />}
      {opened?.kind === 'edit' && current && <WebhookEditor key={current.id} hook={current} onClose={close} onCreated={close} />}
      {opened?.kind === 'created' && current && <NewWebhookSecret hook={current} onClose={close} />}
      {opened?.kind === 'deliveries' && current && <WebhookDeliveries hook={current} onClose={close} />}
    </>
  );
}
