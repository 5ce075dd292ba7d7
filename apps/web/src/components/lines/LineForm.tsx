/**
 * A small form over ONE line of a collection (e.g. a bid's customer data, where only the first
 * entry is used): POST when there is none yet, otherwise PUT of the changed fields with the line's version.
 */
import { Button, Group, SimpleGrid, Title } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { ConflictModal } from '../record/ConflictPanel';
import { useAddLine } from './api/addLine';
import { useSaveLine } from './api/saveLine';
import { LineCell } from './LineCell';
import { usePatchEdit } from './usePatchEdits';
import { editableFields } from './values';

interface Props {
  def: CollectionDef;
  line: Line | undefined;
  parentId: string;
  recordKey: QueryKey;
  title: string;
  readOnly?: boolean;
}

const blank: Line = { id: '' };

export function LineForm({ def, line, parentId, recordKey, title, readOnly }: Props) {
  const message = useMessage();
  const qc = useQueryClient();
  const add = useAddLine(def, parentId, recordKey);
  const save = useSaveLine(def, recordKey);
  const row = line ?? blank;
  const edit = usePatchEdit(row, {
    fields: def.fields,
    // No line yet: the first save adds it.
    save: (r, values, version) => (line ? save.mutateAsync({ id: r.id, values, version }) : add.mutateAsync(values)),
    onSaved: () => message(`${def.noun} saved.`, 'success'),
    onFailed: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    refresh: () => void qc.invalidateQueries({ queryKey: recordKey }),
  });
  const { patch, errors, dirty } = edit;
  const submit = () => void (dirty && edit.save());

  return (
    <section aria-label={title}>
      <Group justify="space-between" mb={4}>
        <Title order={5}>{title}</Title>
        {!readOnly && (
          <Button size="compact-xs" disabled={!dirty} loading={edit.saving} onClick={submit}>
            Save {def.noun.toLowerCase()}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={4}>
        {editableFields(def.fields).map((f) => (
          <LineCell
            key={f.name}
            field={f}
            label={f.label}
            value={f.name in patch ? patch[f.name] : row[f.name]}
            onChange={(v) => edit.setField(f.name, v)}
            readOnly={readOnly}
            error={errors[f.name]}
            onEnter={submit}
          />
        ))}
      </SimpleGrid>
      <ConflictModal {...edit.panel} noun={def.noun.toLowerCase()} />
    </section>
  );
}
