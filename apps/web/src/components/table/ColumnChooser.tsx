import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { moveColumn, setHidden, type ChosenColumn } from '../../lib/columnPrefs';

interface Props {
  /** The table's name ('Jobs'): the menu says whose columns. */
  label: string;
  columns: ChosenColumn[];
  labelOf: (key: string) => string;
  change: (next: ChosenColumn[]) => void;
  reset: () => void;
}

/** A list's "Columns" menu: a box per column to show it, up and down to order, and Reset columns. Widths are dragged on the header. */
export function ColumnChooser({ label, columns, labelOf, change, reset }: Props) {
  const movable = columns.filter((c) => !c.pinned);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="default" aria-label={`Columns of ${label}`} data-testid="column-chooser">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs" miw={260} aria-label={`Columns of ${label}`}>
        <Stack gap={2} mah={420} style={{ overflowY: 'auto' }}>
          {columns.map((c) => {
            const name = labelOf(c.key);
            const at = movable.indexOf(c);
            return (
              <Group key={c.key} gap={4} wrap="nowrap" justify="space-between" data-column={c.key}>
                <Checkbox
                  size="xs"
                  label={c.pinned ? `${name} (pinned)` : name}
                  checked={!c.hidden}
                  disabled={c.pinned}
                  onChange={(e) => change(setHidden(columns, c.key, !e.currentTarget.checked))}
                />
                {!c.pinned && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon size="sm" variant="subtle" aria-label={`Move ${name} up`} disabled={at === 0} onClick={() => change(moveColumn(columns, c.key, -1))}>
                      ↑
                    </ActionIcon>
                    <ActionIcon size="sm" variant="subtle" aria-label={`Move ${name} down`} disabled={at === movable.length - 1} onClick={() => change(moveColumn(columns, c.key, 1))}>
                      ↓
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            );
          })}
        </Stack>
        <Group justify="space-between" mt="xs">
          <Text fz={11} c="dimmed">
            Drag a header&apos;s right edge to resize.
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={reset}>
            Reset columns
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
