/**
 * The one editable table of child lines (bid items, notes, and later job materials, permits ...),
 * driven by a collection's registry declaration: its fields give the columns and inputs, its routes
 * the requests, its noun the words. Each row saves on its own (button or Enter) with a PUT of the
 * fields the user changed; add is a POST of an empty line, which then appears from the server.
 */
import { useState, type ReactNode } from 'react';
import { Button, Table } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { confirmAction } from '../../lib/confirm';
import { errorText, isApiError } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { useAddLine } from './api/addLine';
import { useDeleteLine } from './api/deleteLine';
import { useSaveLine } from './api/saveLine';
import { LineCell } from './LineCell';
import { LineButtons, LineTable } from './LineTable';
import { changedValues, currentRow, type Patch } from './values';

interface Props {
  def: CollectionDef;
  rows: Line[];
  parentId: string;
  /** The parent record's query, refetched after every write. */
  recordKey: QueryKey;
  title: string;
  readOnly?: boolean;
  /** Shown under the table with the rows as the user sees them (unsaved edits included). */
  footer?: (current: Line[]) => ReactNode;
}

export function EditableTable({ def, rows, parentId, recordKey, title, readOnly, footer }: Props) {
  const message = useMessage();
  const [patches, setPatches] = useState<Record<string, Patch>>({});
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const add = useAddLine(def, parentId, recordKey);
  const save = useSaveLine(def, recordKey);
  const remove = useDeleteLine(def, recordKey);
  const noun = def.noun;

  const edit = (id: string, field: string, value: unknown) =>
    setPatches((p) => ({ ...p, [id]: { ...p[id], [field]: value } }));
  const clear = (id: string) => {
    setPatches(({ [id]: _gone, ...rest }) => rest);
    setErrors(({ [id]: _gone, ...rest }) => rest);
  };

  const saveRow = (row: Line) => {
    const values = changedValues(def.fields, row, patches[row.id]);
    if (Object.keys(values).length === 0) return clear(row.id);
    save.mutate(
      { id: row.id, values },
      {
        onSuccess: () => {
          clear(row.id);
          message(`${noun} saved.`, 'success');
        },
        onError: (e) => {
          if (isApiError(e)) setErrors((x) => ({ ...x, [row.id]: e.fields }));
          message(`Problem.  ${errorText(e)}`, 'error');
        },
      },
    );
  };

  const deleteRow = (row: Line) => {
    if (!confirmAction(`Sure you want to delete this ${noun}?`)) return;
    remove.mutate(row.id, {
      onSuccess: () => clear(row.id),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  const addRow = () =>
    add.mutate(
      {},
      { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') },
    );

  const current = rows.map((r) => currentRow(def.fields, r, patches[r.id]));

  return (
    <LineTable
      title={title}
      noun={noun.toLowerCase()}
      readOnly={readOnly}
      onAdd={addRow}
      adding={add.isPending}
      fields={def.fields}
      minWidth={(f) => f.width ?? (f.kind === 'flag' ? 60 : 100)}
      table={{ striped: true, withTableBorder: true, verticalSpacing: 2, horizontalSpacing: 4 }}
      empty={rows.length === 0}
      rows={rows.map((row) => {
        const patch = patches[row.id];
        const dirty = Object.keys(changedValues(def.fields, row, patch)).length > 0;
        return (
          <Table.Tr key={row.id} bg={dirty ? 'yellow.0' : undefined} data-line-id={row.id}>
            {def.fields.map((f) => (
              <Table.Td key={f.name} style={{ verticalAlign: 'top' }}>
                <LineCell
                  field={f}
                  value={patch && f.name in patch ? patch[f.name] : row[f.name]}
                  onChange={(v) => edit(row.id, f.name, v)}
                  readOnly={readOnly}
                  error={errors[row.id]?.[f.name]}
                  onEnter={() => saveRow(row)}
                />
              </Table.Td>
            ))}
            {!readOnly && (
              <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                <LineButtons onDelete={() => deleteRow(row)} deleting={remove.isPending && remove.variables === row.id}>
                  <Button size="compact-xs" disabled={!dirty} loading={save.isPending && save.variables?.id === row.id} onClick={() => saveRow(row)}>
                    Save
                  </Button>
                </LineButtons>
              </Table.Td>
            )}
          </Table.Tr>
        );
      })}
    >
      {footer?.(current)}
    </LineTable>
  );
}
