import { useState } from 'react';
import { Alert, Button, Group, Input, NumberInput, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { Line } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { confirmAction } from '../../../lib/confirm';
import { parseTypedDate, showDate } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useAddHoliday } from '../api/addHoliday';
import { useDeleteHoliday } from '../api/deleteHoliday';
import { useLocateRules, type LocateRulesAnswer } from '../api/locateRules';
import { useSaveHoliday } from '../api/saveHoliday';
import { useSaveLocateRules, type LocateRulesValues } from '../api/saveLocateRules';
import { changedRules, RULE_KEYS, rulesSummary } from '../locateRulesLogic';

const SAVED = 'Saved successfully!';

const valuesOf = (r: LocateRulesAnswer): LocateRulesValues => Object.fromEntries(RULE_KEYS.map((k) => [k, r[k]])) as LocateRulesValues;
const whole = (v: string | number, fallback: number) => (typeof v === 'number' ? v : v === '' ? fallback : Number(v));

/** The four rules: ticket life and its basis, the re-up's work wait, the re-up lead time. */
function RulesForm({ rules }: { rules: LocateRulesAnswer }) {
  const message = useMessage();
  const save = useSaveLocateRules();
  const saved = valuesOf(rules);
  const [draft, setDraft] = useState<LocateRulesValues>(saved);
  // A save here or a colleague's arriving live: the form follows what is stored.
  const [seenVersion, setSeenVersion] = useState(rules.version);
  if (seenVersion !== rules.version) {
    setSeenVersion(rules.version);
    setDraft(saved);
  }
  const changes = changedRules(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const set = (patch: Partial<LocateRulesValues>) => setDraft((d) => ({ ...d, ...patch }));
  const onSave = () =>
    save.mutate(
      { values: changes, version: rules.version },
      { onSuccess: () => message(SAVED, 'success'), onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') },
    );
  const num = (key: 'ticket_life_days' | 'work_wait_days' | 'reup_lead_days', label: string, min: number, max: number, hint: string) => (
    <NumberInput
      size="xs"
      w={150}
      label={label}
      description={hint}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      value={draft[key]}
      onChange={(v) => set({ [key]: whole(v, saved[key]) })}
    />
  );
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {num('ticket_life_days', 'Ticket life (days)', 1, 120, 'Valid after submission')}
        <Input.Wrapper size="xs" label="Counted in" description="Working days skip weekends and holidays">
          <SegmentedControl
            size="xs"
            aria-label="Ticket life counted in"
            value={draft.ticket_life_basis}
            onChange={(v) => set({ ticket_life_basis: v as LocateRulesValues['ticket_life_basis'] })}
            data={[
              { value: 'calendar', label: 'Calendar days' },
              { value: 'working', label: 'Working days' },
            ]}
          />
        </Input.Wrapper>
        {num('work_wait_days', 'Work wait (days)', 0, 30, "A re-up's work date")}
        {num('reup_lead_days', 'Re-up lead (days)', 0, 30, 'Expiring this soon')}
        <Button size="xs" onClick={onSave} loading={save.isPending} disabled={!dirty}>
          Save
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="locate-rules-summary">
        {rulesSummary(draft)}
      </Text>
    </Stack>
  );
}

/** One holiday: its date and name edited in place, saved or deleted. */
function HolidayRow({ line }: { line: Line }) {
  const message = useMessage();
  const save = useSaveHoliday();
  const remove = useDeleteHoliday();
  const [date, setDate] = useState<string | null>((line.date as string) ?? null);
  const [name, setName] = useState<string>((line.name as string) ?? '');
  const dirty = date !== (line.date ?? null) || name !== (line.name ?? '');
  const fail = (e: unknown) => message(`Problem.  ${errorText(e)}`, 'error');
  return (
    <Table.Tr data-holiday={String(line.date ?? '')}>
      <Table.Td>
        <DateInput size="xs" w={130} aria-label={`Date of ${line.name || 'the holiday'}`} valueFormat="MM/DD/YYYY" dateParser={parseTypedDate} value={date} onChange={setDate} popoverProps={{ withinPortal: true }} />
      </Table.Td>
      <Table.Td>
        <TextInput size="xs" aria-label={`Name of the holiday of ${showDate(line.date)}`} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            disabled={!dirty || !date}
            loading={save.isPending}
            onClick={() => save.mutate({ id: line.id, values: { date: date!, name }, version: line.version as number | undefined }, { onSuccess: () => message(SAVED, 'success'), onError: fail })}
          >
            Save
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            // The row leaves as soon as the live update of the deletion arrives, maybe before the answer does: the
            // message follows the request's promise, not a callback of this row, which would go with it.
            onClick={() => confirmAction(`Delete the holiday of ${showDate(line.date)}?`) && remove.mutateAsync(line.id).then(() => message('Holiday deleted.', 'success'), fail)}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The days a working-day ticket life skips besides weekends. */
function Holidays({ lines }: { lines: Line[] }) {
  const message = useMessage();
  const add = useAddHoliday();
  const [date, setDate] = useState<string | null>(null);
  const [name, setName] = useState('');
  const rows = [...lines].sort((a, b) => String(a.date ?? '').localeCompare(String(b.date ?? '')));
  const onAdd = () =>
    date &&
    add.mutate(
      { date, name },
      {
        onSuccess: () => {
          setDate(null);
          setName('');
          message(SAVED, 'success');
        },
        onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
      },
    );
  return (
    <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder striped aria-label="Holidays" maw={620}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={140}>Holiday date</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th w={120} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((l) => (
          <HolidayRow key={`${l.id}:${String(l.version ?? '')}`} line={l} />
        ))}
        <Table.Tr>
          <Table.Td>
            <DateInput size="xs" w={130} aria-label="New holiday date" placeholder="mm/dd/yyyy" valueFormat="MM/DD/YYYY" dateParser={parseTypedDate} value={date} onChange={setDate} popoverProps={{ withinPortal: true }} />
          </Table.Td>
          <Table.Td>
            <TextInput size="xs" aria-label="New holiday name" placeholder="e.g. Thanksgiving" value={name} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && onAdd()} />
          </Table.Td>
          <Table.Td>
            <Button size="compact-xs" variant="light" disabled={!date} loading={add.isPending} onClick={onAdd}>
              Add holiday
            </Button>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** Settings > Locates: the account's ticket life, re-up wait and lead time, and its holidays. */
export function LocateRulesSection() {
  const rules = useLocateRules();
  if (rules.isPending) return <WaitMessage />;
  if (rules.isError)
    return (
      <Alert color="red" variant="light" p="xs" title="The locate rules could not be loaded">
        {errorText(rules.error)}
      </Alert>
    );
  return (
    <Stack gap="xs">
      <RulesForm rules={rules.data} />
      <Holidays lines={rules.data.holidays ?? []} />
      {rules.data.ticket_life_basis === 'calendar' && (
        <Text size="xs" c="dimmed">
          Holidays count only when the ticket life is in working days.
        </Text>
      )}
    </Stack>
  );
}
