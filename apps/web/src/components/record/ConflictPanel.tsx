import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { showDateTime } from '../../lib/dates';
import { showValue } from '../history/format';
import { changedBy, type Choice } from './conflictLogic';
import type { ConflictControl } from './useConflict';

interface Props {
  control: ConflictControl;
  /** The record or line in words, e.g. 'project', 'item'. */
  noun: string;
  labelOf: (field: string) => string;
  /** A value as the screen shows it; default as the history shows it. */
  show?: (field: string, value: unknown) => string;
}

/** One side of a field: the value it would keep, the card checked when chosen. */
function Side({ side, title, value, note, checked }: { side: 'yours' | 'theirs'; title: string; value: string; note?: string; checked: boolean }) {
  return (
    <Radio.Card
      value={side === 'yours' ? 'mine' : 'theirs'}
      radius="sm"
      p={6}
      data-side={side}
      // A card is a button: its content starts at the top like its neighbour's, and the chosen one stands out.
      style={{ display: 'flex', alignItems: 'flex-start', background: 'var(--mantine-color-body)', borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined, boxShadow: checked ? '0 0 0 1px var(--mantine-primary-color-filled)' : undefined }}
    >
      <Group wrap="nowrap" align="flex-start" gap={8}>
        <Radio.Indicator size="xs" mt={3} />
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {title}
          </Text>
          <Text size="sm" fw={500} data-value style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dimmed" data-by>
              {note}
            </Text>
          )}
        </div>
      </Group>
    </Radio.Card>
  );
}

/**
 * A save refused because someone else changed the same fields: each field with the user's value and
 * theirs (who, when) to pick from, mine picked until the user takes theirs; then save again or
 * discard. Nothing was saved meanwhile.
 */
export function ConflictPanel({ control, noun, labelOf, show = (_f, v) => showValue(v) }: Props) {
  const { conflict, choices } = control;
  if (!conflict) return null;
  const text = (field: string, v: unknown) => show(field, v) || '—';
  return (
    <Alert color="orange" variant="light" p="xs" title={`${changedBy(conflict, labelOf)} since you opened this ${noun}`} data-testid="conflict-panel" role="alert">
      <Text size="sm">Nothing was saved. For each field keep yours or take theirs, then save again: your other edits are saved with it.</Text>
      <Stack gap={6} mt={6}>
        {conflict.fields.map((f) => {
          const choice = choices[f.field] ?? 'mine';
          return (
            <div key={f.field} data-conflict-field={f.field}>
              <Radio.Group label={labelOf(f.field)} value={choice} onChange={(v) => control.choose(f.field, v as Choice)}>
                <SimpleGrid cols={2} spacing="xs" mt={2}>
                  <Side side="yours" title="Keep mine" value={text(f.field, control.mine ? control.mine(f.field) : f.yours)} checked={choice === 'mine'} />
                  <Side side="theirs" title="Take theirs" value={text(f.field, f.theirs)} note={`${f.by}, ${showDateTime(f.at)}`} checked={choice === 'theirs'} />
                </SimpleGrid>
              </Radio.Group>
            </div>
          );
        })}
      </Stack>
      <Group gap="xs" mt="xs">
        <Button size="compact-sm" onClick={control.resolve} loading={control.saving}>
          Save with these choices
        </Button>
        <Button size="compact-sm" variant="default" onClick={control.discard} disabled={control.saving}>
          Discard my edits
        </Button>
      </Group>
    </Alert>
  );
}

/** The same panel over the screen, for an edit made in a table row. */
export function ConflictModal(props: Props) {
  return (
    <Modal opened={Boolean(props.control.conflict)} onClose={props.control.dismiss} title="Not saved: changed by someone else" size="xl" withinPortal>
      <ConflictPanel {...props} />
    </Modal>
  );
}
