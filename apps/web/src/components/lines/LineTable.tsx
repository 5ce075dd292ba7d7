/**
 * The frame of a record's table of lines (EditableTable edits them in place, a project's locations
 * and contacts in a panel): its title and Add button, the fields' headers, 'No ... yet.' (lib/words plural) while
 * empty, and each row's Delete button.
 */
import { noneYet, plural } from '../../lib/words';
import type { ComponentProps, ReactNode } from 'react';
import { Button, Group, Table, Text, Title } from '@mantine/core';
import type { FieldSpec } from '@trenchline/domain';

const NUMERIC = new Set(['number', 'money', 'percent']);

interface Props {
  title: string;
  /** The line's noun in lower case, e.g. 'note'. */
  noun: string;
  /** No Add button, no buttons column. */
  readOnly?: boolean;
  onAdd: () => void;
  adding: boolean;
  /** The fields shown as columns. */
  fields: FieldSpec[];
  /** A column's least width, if it has one. */
  minWidth?: (field: FieldSpec) => number;
  /** How the table looks: striped, spacing ... */
  table: ComponentProps<typeof Table>;
  empty: boolean;
  /** The table's rows. */
  rows: ReactNode;
  /** What follows the table in the section (a total, an edit panel). */
  children?: ReactNode;
  /** Between the title and the table (a form, totals). */
  header?: ReactNode;
  /** A line of a line: a smaller heading. */
  nested?: boolean;
  /** The buttons column; default: unless read-only. */
  buttonsColumn?: boolean;
  /** The Add button (lines added some other way, e.g. by a form in `header`, have none). */
  canAdd?: boolean;
}

export function LineTable({ title, noun, readOnly, onAdd, adding, fields, minWidth, table, empty, rows, children, header, nested, buttonsColumn = !readOnly, canAdd = true }: Props) {
  const cols = fields.length + (buttonsColumn ? 1 : 0);
  return (
    <section aria-label={title}>
      <Group justify="space-between" mb={4}>
        <Title order={nested ? 6 : 5}>{title}</Title>
        {!readOnly && canAdd && (
          <Button size="compact-xs" variant="light" onClick={onAdd} loading={adding}>
            Add {noun}
          </Button>
        )}
      </Group>
      {header}
      <Table.ScrollContainer minWidth={500} type="native">
        <Table fz="xs" {...table} data-lines-of={title}>
          <Table.Thead>
            <Table.Tr>
              {fields.map((f) => (
                <Table.Th key={f.name} style={{ minWidth: minWidth?.(f), whiteSpace: 'nowrap', textAlign: NUMERIC.has(f.kind) ? 'right' : undefined }}>
                  {f.label}
                </Table.Th>
              ))}
              {buttonsColumn && <Table.Th w={110} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {empty && (
              <Table.Tr>
                <Table.Td colSpan={cols}>
                  <Text size="xs" c="dimmed" py={4}>
                    {noneYet(plural(noun), !readOnly && canAdd ? `Add ${noun}` : undefined)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {children}
    </section>
  );
}

/** A line's buttons: its own (Save, Edit), then Delete. */
export function LineButtons({ onDelete, deleting, disabled, children }: { onDelete: () => void; deleting: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      <Button size="compact-xs" color="red" variant="subtle" disabled={disabled} loading={deleting} onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
