/**
 * The one editable table of child lines (bid items, notes, and later job materials, permits ...),
 * driven by a collection's registry declaration: its fields give the columns and inputs, its routes
 * the requests, its noun the words. Each row saves on its own (button or Enter) with a PUT of the
 * fields the user changed and the line's version (a field someone else changed too opens the conflict
 * choice); add is a POST of an empty line, which then appears from the server.
 */
import type { ReactNode } from 'react';
import { Button, Table } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { confirmAction } from '../../lib/confirm';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { ConflictModal } from '../record/ConflictPanel';
import { useAddLine } from './api/addLine';
import { useDeleteLine } from './api/deleteLine';
import { useSaveLine } from './api/saveLine';
import { LineCell } from './LineCell';
import { LineButtons, LineTable } from './LineTable';
import { usePatchEdits } from './usePatchEdits';
import { currentRow, isNumeric } from './values';

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
  /** Between the title and the table (other ways to add a line: a product picked, a barcode scanned). */
  header?: ReactNode;
}

export function EditableTable({ def, rows, parentId, recordKey, title, readOnly, footer, header }: Props) {
  const message = useMessage();
  const qc = useQueryClient();
  const add = useAddLine(def, parentId, recordKey);
  const save = useSaveLine(def, recordKey);
  const remove = useDeleteLine(def, recordKey);
  const noun = def.noun;
  const edits = usePatchEdits({
    fields: def.fields,
    save: (row, values, version) => save.mutateAsync({ id: row.id, values, version }),
    onSaved: () => message(`${noun} saved.`, 'success'),
    onFailed: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    refresh: () => void qc.invalidateQueries({ queryKey: recordKey }),
  });

  const deleteRow = (row: Line) => {
    if (!confirmAction(`Sure you want to delete this ${noun}?`)) return;
    remove.mutate(row.id, {
      onSuccess: () => edits.clear(row.id),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  const addRow = () =>
    add.mutate(
      {},
      { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') },
    );

  const current = rows.map((r) => currentRow(def.fields, r, edits.patchOf(r.id)));

  return (
    <LineTable
      title={title}
      noun={noun.toLowerCase()}
      readOnly={readOnly}
      onAdd={addRow}
      adding={add.isPending}
      header={header}
      fields={def.fields}
      minWidth={(f) => f.width ?? (f.kind === 'flag' ? 60 : 100)}
      table={{ striped: true, withTableBorder: true, verticalSpacing: 2, horizontalSpacing: 4 }}
      empty={rows.length === 0}
      rows={rows.map((row) => {
        const patch = edits.patchOf(row.id);
        const dirty = edits.isDirty(row);
        return (
          <Table.Tr key={row.id} bg={dirty ? 'yellow.0' : undefined} data-line-id={row.id}>
            {def.fields.map((f) => (
              // A value the server computes (a line total) sits level with the inputs, amounts to the right as in the header.
              <Table.Td key={f.name} style={f.readOnly && !readOnly ? { verticalAlign: 'middle', textAlign: isNumeric(f) ? 'right' : undefined } : { verticalAlign: 'top' }}>
                <LineCell
                  field={f}
                  value={f.name in patch ? patch[f.name] : row[f.name]}
                  onChange={(v) => edits.setField(row, f.name, v)}
                  readOnly={readOnly}
                  error={edits.errorsOf(row.id)[f.name]}
                  onEnter={() => void edits.save(row)}
                />
              </Table.Td>
            ))}
            {!readOnly && (
              <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                <LineButtons onDelete={() => deleteRow(row)} deleting={remove.isPending && remove.variables === row.id}>
                  <Button size="compact-xs" disabled={!dirty} loading={edits.isSaving(row.id)} onClick={() => void edits.save(row)}>
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
      <ConflictModal {...edits.panel} noun={noun.toLowerCase()} />
    </LineTable>
  );
}
