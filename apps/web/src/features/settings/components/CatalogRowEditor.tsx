import { useState, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CatalogRecordDef } from '@trenchline/domain';
import { LineCell } from '../../../components/lines/LineCell';
import { changedValues, type Patch } from '../../../components/lines/values';
import { confirmAction } from '../../../lib/confirm';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { applyRowEvent } from '../../../lib/realtime';
import { useDeleteCatalogRecord } from '../api/deleteCatalogRecord';
import { useSaveCatalogRecord } from '../api/saveCatalogRecord';
import { catalogRecordUrl, nounOf, type CatalogRow } from '../api/types';
import { nameOf } from '../catalogLogic';
import { HistoryButton } from './HistoryProvider';

interface Props {
  def: CatalogRecordDef;
  row: CatalogRow;
  /** Products: a toggle before the fields that opens the row's lines below it. */
  expand?: { open: boolean; toggle: () => void; label: string };
  /** Shown in a full-width row under this one while expanded. */
  expanded?: ReactNode;
}

/** One record as an editable row: change any field, Save (or Enter) sends only what changed. */
export function CatalogRowEditor({ def, row, expand, expanded }: Props) {
  const message = useMessage();
  const qc = useQueryClient();
  const [patch, setPatch] = useState<Patch>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCatalogRecord(def);
  const remove = useDeleteCatalogRecord(def);
  const values = changedValues(def.fields, row, patch);
  const dirty = Object.keys(values).length > 0;
  const name = nameOf(def, row);
  const columns = def.fields.length + 1 + (expand ? 1 : 0);

  // Promises rather than mutate callbacks: a saved or deleted row may leave the list (and unmount)
  // before its callbacks would run, and its message must still be shown.
  const saveRow = async () => {
    if (!dirty) return;
    try {
      await save.mutateAsync({ id: row.id, values, version: row.version, base: row });
      setPatch({});
      setErrors({});
      message('Saved successfully!', 'success');
    } catch (e) {
      if (isApiError(e)) setErrors(e.fields);
      // Someone else saved this record first: show theirs; the user's edits stay on top to save again.
      const current = isApiError(e) && e.status === 409 ? e.body.current : undefined;
      if (current) applyRowEvent(qc, { list: def.list, op: 'upsert', id: row.id, row: { ...row, ...current } });
      message(errorText(e), 'error');
    }
  };

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
              onChange={(v) => setPatch((p) => ({ ...p, [f.name]: v }))}
              error={errors[f.name]}
              onEnter={() => void saveRow()}
            />
          </Table.Td>
        ))}
        <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
          <Group gap={2} wrap="nowrap">
            <Button size="compact-xs" px={6} disabled={!dirty} loading={save.isPending} onClick={() => void saveRow()}>
              Save
            </Button>
            <HistoryButton target={{ url: `${catalogRecordUrl(def, row.id)}history/`, title: `${nounOf(def)} ${name}`, fields: def.fields, asOf: { kind: 'catalog', def, id: row.id } }} />
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
