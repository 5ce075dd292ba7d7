import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { DOCUMENT_KINDS } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { ConflictModal } from '../../../components/record/ConflictPanel';
import { changedBy, conflictOf } from '../../../components/record/conflictLogic';
import { useConflict, type ConflictControl } from '../../../components/record/useConflict';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useCounters } from '../api/listCounters';
import { useSetCurrentNumber } from '../api/setCurrentNumber';
import type { Counter } from '../api/types';
import { counterHistory } from '../historyTargets';
import { HistoryButton } from './HistoryProvider';

/** Counters in the order of the spec (invoice, ticket, order, job, work order, RFQ). */
const order = (c: Counter) => {
  const at = DOCUMENT_KINDS.findIndex((k) => k.kind === c.kind || k.path === c.path);
  return at < 0 ? DOCUMENT_KINDS.length : at;
};

const numberLabel = () => 'Current number';

/**
 * One counter: its current number, and a new value that defaults to current plus one. A number set
 * or handed out by someone else since the user saw the counter is a conflict they settle per field.
 */
function CounterRow({ counter }: { counter: Counter }) {
  const message = useMessage();
  const [value, setValue] = useState<string | number>(counter.suggested_number);
  const [error, setError] = useState<string | null>(null);
  const [suggestedFor, setSuggestedFor] = useState({ number: counter.number, version: counter.version });
  const set = useSetCurrentNumber();
  const conflict = useConflict();
  // A new current number (saved here or arriving live) resets the input to its new suggestion.
  if (suggestedFor.number !== counter.number) {
    setSuggestedFor({ number: counter.number, version: counter.version });
    setValue(counter.suggested_number);
    setError(null);
  }

  const send = async (number: number, version: number | undefined) => {
    setError(null);
    try {
      await set.mutateAsync({ counter, number, version });
      conflict.clear();
      message(`${counter.label} number set to ${number}: the next one handed out is ${number + 1}.`, 'success');
    } catch (e) {
      const c = conflictOf(e);
      if (c && c.fields.length) {
        conflict.show(c);
        message(`${changedBy(c, numberLabel)}. Nothing was saved: choose what to keep.`, 'error');
        return;
      }
      // The server refuses numbers below the highest one handed out, and says why.
      setError(isApiError(e) ? (e.body.message ?? e.fields.number ?? errorText(e)) : errorText(e));
      message(errorText(e), 'error');
    }
  };
  const save = () => void send(typeof value === 'number' ? value : Number(String(value).replace(/,/g, '')), suggestedFor.version);

  const control: ConflictControl = {
    conflict: conflict.conflict,
    choices: conflict.choices,
    choose: conflict.choose,
    resolve: () => {
      const c = conflict.conflict;
      const mine = c?.fields.find((f) => f.field === 'number');
      if (!c || !mine) return;
      // Taking theirs leaves the counter as it now stands: nothing to save.
      if (conflict.choices.number === 'theirs') return conflict.clear();
      void send(Number(mine.yours), c.current.version);
    },
    discard: conflict.clear,
    dismiss: conflict.clear,
    saving: set.isPending,
  };

  return (
    <>
      <Table.Tr data-counter={counter.kind}>
        <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
          {counter.label}
        </Table.Td>
        <Table.Td ta="right" data-testid={`current-${counter.kind}`}>
          {counter.number}
        </Table.Td>
        <Table.Td ta="right" c="dimmed">
          {counter.highest_issued}
        </Table.Td>
        <Table.Td>
          <NumberInput
            size="xs"
            w={110}
            hideControls
            allowDecimal={false}
            allowNegative={false}
            aria-label={`New ${counter.label} number`}
            value={value}
            onChange={setValue}
            error={Boolean(error)}
            onKeyDown={(e) => e.key === 'Enter' && save()}
            styles={{ input: { textAlign: 'right' } }}
          />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Group gap={2} wrap="nowrap">
            <Button size="compact-xs" onClick={save} loading={set.isPending} disabled={value === '' || Number(value) === counter.number}>
              Save
            </Button>
            <ConflictModal control={control} noun={`${counter.label.toLowerCase()} counter`} labelOf={numberLabel} />
            <HistoryButton target={counterHistory(counter)} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {error && (
        <Table.Tr data-counter-error={counter.kind}>
          <Table.Td colSpan={5} pt={0}>
            <Text size="xs" c="red.8" role="alert">
              {error}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Document numbering: the six counters; a number may move forward, never below one handed out. */
export function DocumentNumbering() {
  const counters = useCounters();
  if (counters.isPending) return <WaitMessage />;
  if (counters.isError)
    return (
      <Alert color="red" variant="light" p="xs" title="The counters could not be loaded">
        {errorText(counters.error)}
      </Alert>
    );
  const rows = [...counters.data].sort((a, b) => order(a) - order(b));
  return (
    <>
      <Table.ScrollContainer minWidth={440} type="native">
        <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th ta="right">Current</Table.Th>
              <Table.Th ta="right" title="The highest number handed out: the counter cannot go below it">
                Highest issued
              </Table.Th>
              <Table.Th>New number</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <CounterRow key={c.id} counter={c} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        The next number handed out is the current number plus one.
      </Text>
    </>
  );
}
