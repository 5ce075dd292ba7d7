import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { showDateTime } from '../../lib/dates';
import { errorText, isApiError } from '../../lib/http';
import { WaitMessage } from '../WaitMessage';
import { useRecordAsOf, type RecordRef } from './recordRef';

/** A picked minute means "as it stood at the end of that minute", so changes made during it count; kept in the user's offset so the URL reads as picked. */
export const asOfIso = (picked: string) => dayjs(picked).endOf('minute').format('YYYY-MM-DDTHH:mm:ss.SSSZ');

/**
 * Pick a day and a time, then confirm (the check button, or closing the picker): only then does the
 * screen switch to the past. The time starts at the current time of day.
 */
export function AsOfPicker({ onPick }: { onPick: (iso: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  const picked = useRef<string | null>(null);
  const change = (v: string | null) => {
    picked.current = v;
    setValue(v);
  };
  const done = () => {
    const v = picked.current;
    change(null);
    if (v) onPick(asOfIso(v));
  };
  return (
    <DateTimePicker
      size="xs"
      w={170}
      aria-label="As of"
      placeholder="As of..."
      valueFormat="MM/DD/YYYY HH:mm"
      maxDate={new Date()}
      value={value}
      onChange={change}
      defaultTimeValue={dayjs().format('HH:mm')}
      onDropdownClose={done}
      popoverProps={{ withinPortal: true }}
      submitButtonProps={{ 'aria-label': 'Show as of' }}
    />
  );
}

/** The read-only banner of the time-travel view; `noun` names the record ('bid', 'project'), none for a list screen. */
export function AsOfBanner({ noun, asOf, onNow }: { noun?: string; asOf: string; onNow: () => void }) {
  return (
    <Alert color="violet" variant="light" p="xs" data-testid="as-of-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {noun ? `Showing this ${noun} as it stood on ${showDateTime(asOf)} (read-only).` : `As it stood on ${showDateTime(asOf)} — read-only.`}
        </Text>
        <Button size="compact-sm" variant="filled" color="violet" onClick={onNow}>
          Back to now
        </Button>
      </Group>
    </Alert>
  );
}

/** A record page with ?as_of=: the banner, then the record as it stood then, read-only (`children`). */
export function RecordAsOfView<T>({ record, noun, asOf, onNow, children }: { record: RecordRef; noun: string; asOf: string; onNow: () => void; children: (past: T) => ReactNode }) {
  const past = useRecordAsOf<T>(record, asOf);
  return (
    <Stack gap="xs">
      <AsOfBanner noun={noun} asOf={asOf} onNow={onNow} />
      {past.isPending && <WaitMessage boxed />}
      {past.isError && (
        <Alert color="red" title={`This ${noun} cannot be shown as of then`}>
          {isApiError(past.error) && past.error.status === 404 ? `The ${noun} did not exist at that time.` : errorText(past.error)}
          <Button size="compact-xs" ml="sm" variant="light" onClick={onNow}>
            Back to now
          </Button>
        </Alert>
      )}
      {past.isSuccess && children(past.data)}
    </Stack>
  );
}
