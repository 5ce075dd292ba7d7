import { useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { accountUsersQuery } from '../../jobs';
import { useAuditAreas } from '../api/calls';
import { rangeBound, type AuditFilterName } from '../auditLogic';

interface Props {
  params: URLSearchParams;
  onChange: (name: AuditFilterName, value: string | null) => void;
}

/** The URL's instant as the picker shows it (the user's own clock). */
const pickerValue = (iso: string | null) => (iso && dayjs(iso).isValid() ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null);

/** A range end: a day and a time; cleared with its ✕. */
function RangeEnd({ edge, label, value, onChange }: { edge: 'from' | 'to'; label: string; value: string | null; onChange: Props['onChange'] }) {
  return (
    <DateTimePicker
      size="xs"
      w={160}
      aria-label={label}
      placeholder={label}
      valueFormat="MM/DD/YYYY HH:mm"
      clearable
      value={pickerValue(value)}
      onChange={(v) => onChange(edge, rangeBound(v, edge))}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** Record id: applied on Enter or leaving the box (every keystroke would be a request). */
function RecordBox({ value, onChange }: { value: string; onChange: Props['onChange'] }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const apply = () => text.trim() !== value && onChange('record', text.trim() || null);
  return (
    <TextInput
      size="xs"
      w={110}
      aria-label="Record id"
      placeholder="Record id"
      value={text}
      onChange={(e) => setText(e.currentTarget.value.replace(/\D/g, ''))}
      onBlur={apply}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
    />
  );
}

/** The trail's filters, each kept in the URL as it changes: from/to, who, area, event type, record. */
export function AuditFilters({ params, onChange }: Props) {
  const users = useQuery(accountUsersQuery());
  const menus = useAuditAreas();
  const userChoices = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.display_name || [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email }));
  const chosen = params.get('user');
  // A user no longer active still filters by its id.
  if (chosen && !userChoices.some((u) => u.value === chosen)) userChoices.push({ value: chosen, label: `User ${chosen}` });
  const select = (name: AuditFilterName, label: string, data: (string | { value: string; label: string })[], w: number) => (
    <Select size="xs" w={w} aria-label={label} placeholder={label} data={data} value={params.get(name)} onChange={(v) => onChange(name, v)} clearable searchable comboboxProps={{ withinPortal: true }} />
  );
  return (
    <Group gap={6} mb="xs" wrap="wrap" data-testid="audit-filters">
      <RangeEnd edge="from" label="From" value={params.get('from')} onChange={onChange} />
      <RangeEnd edge="to" label="To" value={params.get('to')} onChange={onChange} />
      {select('user', 'User', userChoices, 160)}
      {select('area', 'Area', menus.data?.areas ?? [], 120)}
      {select('type', 'Event type', menus.data?.types ?? [], 190)}
      <RecordBox value={params.get('record') ?? ''} onChange={onChange} />
    </Group>
  );
}
