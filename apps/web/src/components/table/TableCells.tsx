/** Cells the small line tables share: the row that says there is nothing yet, and a row's Delete. */
import type { ReactNode } from 'react';
import { Button, Table, Text } from '@mantine/core';

/** The table's only row while it has none: 'No files yet.' across every column. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text size="xs" c="dimmed" py={2}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** A row's red Delete (the caller asks the spec's confirmation). */
export function DeleteCell({ onDelete, loading, label }: { onDelete: () => void; loading?: boolean; label?: string }) {
  return (
    <Table.Td>
      <Button size="compact-xs" color="red" variant="subtle" onClick={onDelete} loading={loading} aria-label={label}>
        Delete
      </Button>
    </Table.Td>
  );
}
