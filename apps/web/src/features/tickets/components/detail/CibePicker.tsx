/**
 * The job's CIBE items to pick production lines from: tick several (ticking a second one asks to
 * select the rows between) and add them at once, each naming its CIBE line (job_orca_cibe).
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { clickRow, declineRange, NO_CIBE_SELECTION, selectRange, type CibeSelection } from '../../../../components/lines/cibeSelection';
import { useJobCibeItems } from '../../api/ticketLines';
import { cibePicks } from './productionLogic';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

interface Props {
  job: string | null;
  adding: boolean;
  /** Add the picked lines; `done` clears the picks once the server has them. */
  onAdd: (lines: Record<string, unknown>[], done: () => void) => void;
}

export function CibePicker({ job, adding, onAdd }: Props) {
  const [open, setOpen] = useState(false);
  const items = useJobCibeItems(open ? job : null);
  const [sel, setSel] = useState<CibeSelection>({ ...NO_CIBE_SELECTION, rangeMode: true });
  const lines = items.data ?? [];

  const tick = (id: string) => {
    const click = clickRow(sel, lines, id, false);
    if ('selection' in click) return setSel(click.selection);
    setSel(window.confirm(click.ask.question) ? selectRange(sel, lines, click.ask.from, click.ask.to) : declineRange(sel, click.ask.to));
  };

  if (!job)
    return (
      <Text size="xs" c="dimmed" mb={4}>
        The ticket has no job yet: type lines below, or assign it to a job to pick its CIBE items.
      </Text>
    );
  return (
    <div style={{ marginBottom: 6 }}>
      <Group gap="xs">
        <Button size="compact-xs" variant="light" onClick={() => setOpen((o) => !o)} data-testid="pick-cibe">
          {open ? 'Hide CIBE items' : 'Pick from CIBE items'}
        </Button>
        {open && (
          <Button size="compact-xs" disabled={sel.ids.size === 0} loading={adding} onClick={() => onAdd(cibePicks(lines, sel.ids), () => setSel({ ...NO_CIBE_SELECTION, rangeMode: true }))} data-testid="add-cibe-picks">
            Add {sel.ids.size} picked
          </Button>
        )}
      </Group>
      {open &&
        (items.isPending ? (
          <WaitMessage />
        ) : (
          <Table fz="xs" withTableBorder verticalSpacing={1} horizontalSpacing={4} mt={4} data-lines-of="CIBE items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={28} />
                <Table.Th w={40}>#</Table.Th>
                <Table.Th w={90}>Code</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th w={70}>Issued</Table.Th>
                <Table.Th w={70}>CIBE qty</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="xs" c="dimmed">
                      The job has no CIBE items.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {lines.map((l) => (
                <Table.Tr key={l.id} data-line-id={l.id}>
                  <Table.Td>
                    <Checkbox size="xs" checked={sel.ids.has(l.id)} onChange={() => tick(l.id)} aria-label={`Pick CIBE line ${str(l.line_number)}`} />
                  </Table.Td>
                  <Table.Td>{str(l.line_number)}</Table.Td>
                  <Table.Td>{str(l.issued_item_code)}</Table.Td>
                  <Table.Td>{str(l.issued_item_description)}</Table.Td>
                  <Table.Td>{str(l.issued_item_qty)}</Table.Td>
                  <Table.Td>{str(l.CIBE_item_qty)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
    </div>
  );
}
