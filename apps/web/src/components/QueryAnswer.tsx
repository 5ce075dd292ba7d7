import type { ReactNode } from 'react';
import { Alert, Box, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../lib/http';
import { WaitMessage } from './WaitMessage';

/** A panel's query as it stands: waiting, its error, `empty` when it holds nothing, else `children` with the data. */
export function QueryAnswer<T>({ query, isEmpty, empty, children }: { query: UseQueryResult<T>; isEmpty: (data: T) => boolean; empty: ReactNode; children: (data: T) => ReactNode }) {
  if (query.isPending) return <WaitMessage />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" p="xs">
        {errorText(query.error)}
      </Alert>
    );
  if (isEmpty(query.data))
    return (
      <Text size="xs" c="dimmed">
        {empty}
      </Text>
    );
  return <>{children(query.data)}</>;
}

/** A column's heading; `right` for figures. An empty heading is a column of buttons. */
export type PanelColumn = string | { label: string; right?: boolean };

/** The dense striped table of a settings panel, scrolling sideways when narrow. */
export function PanelTable({ label, columns, children }: { label: string; columns: readonly PanelColumn[]; children: ReactNode }) {
  return (
    <Box style={{ overflow: 'auto' }}>
      <Table striped fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => {
              const col = typeof c === 'string' ? { label: c } : c;
              return (
                <Table.Th key={i} ta={col.right ? 'right' : undefined}>
                  {col.label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Box>
  );
}
