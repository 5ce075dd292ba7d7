import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { catalogSavedMessage, type CatalogRecordDef } from '@trenchline/domain';
import { LineCell } from '../../../components/lines/LineCell';
import { usePatchEdit } from '../../../components/lines/usePatchEdits';
import { ConflictModal } from '../../../components/record/ConflictPanel';
import { confirmAction } from '../../../lib/confirm';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { applyRowEvent } from '../../../lib/realtime';
import { useDeleteCatalogRecord } from '../api/deleteCatalogRecord';
import { useSaveCatalogRecord } from '../api/saveCatalogRecord';
import { nounOf, type CatalogRow } from '../api/types';
import { nameOf } from '../catalogLogic';
import { catalogHistory } from '../historyTargets';
import { HistoryButton } from './HistoryProvider';

interface Props {
  def: CatalogRecordDef;
  row: CatalogRow;
  /** Products: a toggle before the fields that opens the row's lines below it. */
  expand?: { open: boolean; toggle: () => void; label: string };
  /** Shown in a full-width row under this one while expanded. */
  expanded?: ReactNode;
}

/**
 * One record as an editable row: change any field, Save (or Enter) sends only what changed, with the
 * version the row had when the user began (a field someone else changed too opens the conflict choice).
 */
export function CatalogRowEditor({ def, row, expand, expanded }: Props) {
  const message = useMessage();
  const qc = useQueryClient();
  const save = useSaveCatalogRecord(def);
  const remove = useDeleteCatalogRecord(def);
  // Promises rather than mutate callbacks: a saved or deleted row may leave the list (and unmount)
  // before its callbacks would run, and its message must still be shown.
  const edit = usePatchEdit(row, {
    fields: def.fields,
    save: (r, values, version) => save.mutateAsync({ id: r.id, values, version, base: row }),
    // A product says its code ('PA-K saved successfully', spec 3 section 8); the others 'Saved successfully!'.
    onSaved: (r, answer) => message(catalogSavedMessage(def, { ...r, ...(answer && typeof answer === 'object' ? answer : {}) }), 'success'),
    onFailed: (e) => message(errorText(e), 'error'),
    // The row as it now stands shows at once; the user's edits stay on top.
    refresh: (current) => (current ? applyRowEvent(qc, { list: def.list, op: 'upsert', id: row.id, row: { ...row, ...current } }) : undefined),
  });
  const { patch, errors, dirty } = edit;
  const name = nameOf(def, row);
  const columns = def.fields.length + 1 + (expand ? 1 : 0);
  const saveRow = () => void (dirty && edit.save());

  const deleteRow = async () => {
    if (!confirmAction(`Sure you want to delete ${name}?`)) return;
    try {
      await remove.mutateAsync(row.id);
      message(`${def.label} ${name} deleted.`, 'success');
    } catch (e) {
      message(errorText(e), 'error');
    }
  };

  return (
    <>
      <Table.Tr bg={dirty ? 'yellow.0' : undefined} data-record-id={row.id} data-name={name}>
        {expand && (
          <Table.Td style={{ verticalAlign: 'top' }}>
            <ActionIcon size="sm" variant={expand.open ? 'filled' : 'light'} onClick={expand.toggle} aria-label={expand.label} aria-expanded={expand.open}>
              {expand.open ? '▾' : '▸'}
            </ActionIcon>
          </Table.Td>
        )}
        {def.fields.map((f) => (
          <Table.Td key={f.name} style={{ verticalAlign: 'top' }}>
            <LineCell
              field={f}
              value={f.name in patch ? patch[f.name] : row[f.name]}
              onChange={(v) => edit.setField(f.name, v)}
              error={errors[f.name]}
              onEnter={saveRow}
            />
          </Table.Td>
        ))}
        <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
          <Group gap={2} wrap="nowrap">
            <Button size="compact-xs" px={6} disabled={!dirty} loading={edit.saving} onClick={saveRow}>
              Save
            </Button>
            <ConflictModal {...edit.panel} noun={nounOf(def)} />
            <HistoryButton target={catalogHistory(def, row.id, name)} />
            <Button size="compact-xs" px={6} color="red" variant="subtle" loading={remove.isPending} onClick={() => void deleteRow()}>
              Delete
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {expand?.open && (
        <Table.Tr>
          <Table.Td colSpan={columns} bg="gray.0" px="sm" py={6}>
            {expanded}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
