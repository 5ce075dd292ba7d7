import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { MAX_SUBSCRIPTION_QUANTITY, monthlyTotal } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useMe } from '../../auth';
import { useChangeSubscription } from '../api/changeSubscription';
import { useSubscriptionCatalog } from '../api/subscriptionCatalog';
import type { SubscriptionItem } from '../api/types';
import { CancelAccountModal } from './CancelAccountModal';
import { accountHistory } from '../historyTargets';
import { HistoryButton } from './HistoryProvider';
import { showMoney } from '../../../lib/numbers';


const asQuantity = (v: string | number | undefined, fallback: number) => {
  if (v === undefined || v === '') return fallback;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
};

function ItemRow({ item, value, onChange }: { item: SubscriptionItem; value: string | number | undefined; onChange: (v: string | number | undefined) => void }) {
  const message = useMessage();
  const change = useChangeSubscription();
  const quantity = asQuantity(value, item.quantity);
  const dirty = value !== undefined && quantity !== item.quantity;
  const save = () => {
    if (!dirty) return;
    change.mutate(
      { itemId: item.id, quantity },
      {
        onSuccess: () => {
          onChange(undefined);
          message(`${item.name}: ${quantity === 0 ? 'unsubscribed' : `quantity ${quantity} saved`}.`, 'success');
        },
        onError: (e) => message(errorText(e), 'error'),
      },
    );
  };
  return (
    <Table.Tr bg={dirty ? 'yellow.0' : undefined} data-item={item.code}>
      <Table.Td>
        <Text fz="xs" fw={600}>
          {item.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {item.description}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{showMoney(item.price)}</Table.Td>
      <Table.Td c="dimmed">{item.unit === 'user' ? 'per user' : 'per account'}</Table.Td>
      <Table.Td>
        <NumberInput
          size="xs"
          w={80}
          min={0}
          max={item.unit === 'account' ? 1 : MAX_SUBSCRIPTION_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          aria-label={`Quantity of ${item.name}`}
          value={value ?? item.quantity}
          onChange={onChange}
          onKeyDown={(e) => e.key === 'Enter' && save()}
        />
      </Table.Td>
      <Table.Td ta="right">{showMoney(item.price * quantity)}</Table.Td>
      <Table.Td>
        <Button size="compact-xs" disabled={!dirty} loading={change.isPending} onClick={save}>
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** The subscription catalogue: quantities per item and the monthly total as typed. */
export function SubscriptionSection() {
  const catalog = useSubscriptionCatalog();
  const [typed, setTyped] = useState<Record<string, string | number | undefined>>({});
  if (catalog.isPending) return <WaitMessage />;
  if (catalog.isError)
    return (
      <Alert color="red" variant="light" p="xs" title="The subscription could not be loaded">
        {errorText(catalog.error)}
      </Alert>
    );
  const items = catalog.data.items;
  const quantities = Object.fromEntries(items.map((i) => [i.id, asQuantity(typed[i.id], i.quantity)]));
  const total = monthlyTotal(quantities);
  const unsaved = Math.abs(total - catalog.data.monthly_total) > 0.001;
  return (
    <>
      {catalog.data.cancelled_at && (
        <Alert color="red" variant="light" p="xs" mb={4}>
          This account was cancelled on {showDateTime(catalog.data.cancelled_at)}.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={520} type="native">
        <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Price / month</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Quantity</Table.Th>
              <Table.Th ta="right">Line total</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i) => (
              <ItemRow key={i.id} item={i} value={typed[i.id]} onChange={(v) => setTyped((t) => ({ ...t, [i.id]: v }))} />
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={4} ta="right">
                Monthly total
              </Table.Th>
              <Table.Th ta="right" data-testid="monthly-total">
                {showMoney(total)}
              </Table.Th>
              <Table.Th>
                {unsaved && (
                  <Text span fz="xs" c="dimmed" fw={400}>
                    saved: {showMoney(catalog.data.monthly_total)}
                  </Text>
                )}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        List prices in US dollars per month. Account-wide items are 0 or 1.
      </Text>
    </>
  );
}

/** The account's history (files, subscriptions, users) and the way out. */
export function AccountActions() {
  const { data: me } = useMe();
  const [cancelling, setCancelling] = useState(false);
  return (
    <Group gap={4}>
      <HistoryButton target={accountHistory()} />
      <Button size="compact-xs" color="red" variant="outline" onClick={() => setCancelling(true)}>
        Cancel account
      </Button>
      <CancelAccountModal opened={cancelling} accountName={me?.account_name ?? ''} onClose={() => setCancelling(false)} />
    </Group>
  );
}
