import { useState } from 'react';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { LoadFailed } from '../../../components/table/QueryStates';
import { WaitMessage } from '../../../components/WaitMessage';
import { useCan } from '../../auth';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useNotificationRules, useSaveNotificationRules, type NotificationRulesValues } from '../api/preferences';
import type { NotificationRulesAnswer } from '../api/types';

const KEYS = ['locate_working_days', 'permit_days', 'ticket_approval_days'] as const;
const valuesOf = (r: NotificationRulesAnswer): NotificationRulesValues => Object.fromEntries(KEYS.map((k) => [k, r[k]])) as NotificationRulesValues;

function RulesForm({ rules }: { rules: NotificationRulesAnswer }) {
  // Office users and auditors read the rules; only admins change them.
  const mayChange = useCan()('change settings');
  const message = useMessage();
  const save = useSaveNotificationRules();
  const saved = valuesOf(rules);
  const [draft, setDraft] = useState(saved);
  const [seenVersion, setSeenVersion] = useState(rules.version);
  if (seenVersion !== rules.version) {
    setSeenVersion(rules.version);
    setDraft(saved);
  }
  const changes = Object.fromEntries(KEYS.filter((k) => draft[k] !== saved[k]).map((k) => [k, draft[k]]));
  const num = (key: (typeof KEYS)[number], label: string, max: number, hint: string) => (
    <NumberInput size="xs" w={170} label={label} description={hint} min={0} max={max} allowDecimal={false} allowNegative={false} disabled={!mayChange} value={draft[key]} onChange={(v) => setDraft((d) => ({ ...d, [key]: typeof v === 'number' ? v : v === '' ? saved[key] : Number(v) }))} />
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {num('locate_working_days', 'Locates (working days)', 30, 'Warn before a locate expires')}
      {num('permit_days', 'Permits (days)', 120, 'Warn before a permit expires')}
      {num('ticket_approval_days', 'Ticket approval (days)', 120, 'Warn after a ticket waits')}
      <Button
        size="xs"
        disabled={!mayChange || Object.keys(changes).length === 0}
        loading={save.isPending}
        onClick={() => save.mutate({ values: changes, version: rules.version }, { onSuccess: () => message('Saved successfully!', 'success'), onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') })}
      >
        Save
      </Button>
    </Group>
  );
}

/** Settings > Notifications: the account's N per kind (admins). Locate days count in the ticket life's basis (Settings > Locates). */
export function NotificationRulesSection() {
  const rules = useNotificationRules();
  if (rules.isPending) return <WaitMessage />;
  if (rules.isError) return <LoadFailed noun="notification rules" error={rules.error} />;
  return (
    <>
      <RulesForm rules={rules.data} />
      <Text size="xs" c="dimmed" mt={4}>
        Each user chooses how to be told on their Notifications page (the bell, See all).
      </Text>
    </>
  );
}
