import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Group, Switch, Table, Text, TextInput } from '@mantine/core';
import type { CatalogRecordDef } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { errorText } from '../../../lib/http';
import { useCatalog } from '../api/listCatalog';
import { hasActiveField, nounOf, type CatalogRow } from '../api/types';
import { columnWidth, nameOf, visibleRows } from '../catalogLogic';
import { CatalogRowEditor } from './CatalogRowEditor';
import { NewCatalogRow } from './NewCatalogRow';
import { EmptyRow } from '../../../components/table/TableCells';

interface Props {
  def: CatalogRecordDef;
  /** Products: what a row opens (its raw materials) and the toggle's words. */
  expandable?: { label: (name: string) => string; render: (row: CatalogRow) => ReactNode };
  /** Long lists scroll inside the section. */
  maxHeight?: number;
}

/** A catalog (crews, customers, vendors ...) as one live, editable table with an add row on top. */
export function CatalogTable({ def, expandable, maxHeight = 340 }: Props) {
  const [all, setAll] = useState(false);
  const [text, setText] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const list = useCatalog(def, all);
  const rows = useMemo(() => visibleRows(def, list.data ?? [], text), [def, list.data, text]);
  const plural = `${nounOf(def)}s`;
  const columns = def.fields.length + (expandable ? 2 : 1);
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <Group gap="xs" mb={4} wrap="wrap">
        <TextInput size="xs" w={180} placeholder={`Filter ${plural}...`} aria-label={`Filter ${plural}`} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        {hasActiveField(def) && (
          <Switch size="xs" label="Show inactive" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
        )}
        <Text size="xs" c="dimmed">
          {list.isSuccess && `${rows.length} of ${list.data.length} shown`}
        </Text>
      </Group>
      {list.isError && (
        <Alert color="red" variant="light" p="xs" mb={4} title={`The ${plural} could not be loaded`}>
          {errorText(list.error)}
        </Alert>
      )}
      <Box style={{ overflow: 'auto', maxHeight }}>
        <Table striped stickyHeader fz="xs" verticalSpacing={2} horizontalSpacing={4} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {expandable && <Table.Th w={30} />}
              {def.fields.map((f) => (
                <Table.Th key={f.name} style={{ minWidth: columnWidth(f), whiteSpace: 'nowrap' }}>
                  {f.label}
                </Table.Th>
              ))}
              <Table.Th w={150} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <NewCatalogRow def={def} lead={Boolean(expandable)} />
            {list.isPending && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <WaitMessage />
                </Table.Td>
              </Table.Tr>
            )}
            {list.isSuccess && rows.length === 0 && (
              <EmptyRow colSpan={columns}>{list.data.length === 0 ? `No ${plural} yet: type one in the row above.` : `No ${plural} match the filter.`}</EmptyRow>
            )}
            {rows.map((row) => (
              <CatalogRowEditor
                key={row.id}
                def={def}
                row={row}
                expand={expandable && { open: open.has(row.id), toggle: () => toggle(row.id), label: expandable.label(nameOf(def, row)) }}
                expanded={expandable && open.has(row.id) ? expandable.render(row) : undefined}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
