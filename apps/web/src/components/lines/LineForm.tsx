/**
 * A small form over ONE line of a collection (e.g. a bid's customer data, where only the first
 * entry is used): POST when there is none yet, otherwise PUT of the changed fields.
 */
import { useState } from 'react';
import { Button, Group, SimpleGrid, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { errorText, isApiError } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { useAddLine } from './api/addLine';
import { useSaveLine } from './api/saveLine';
import { LineCell } from './LineCell';
import { changedValues, editableFields, type Patch } from './values';

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
  const [patch, setPatch] = useState<Patch>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddLine(def, parentId, recordKey);
  const save = useSaveLine(def, recordKey);
  const row = line ?? blank;
  const values = changedValues(def.fields, row, patch);
  const dirty = Object.keys(values).length > 0;

  const done = {
    onSuccess: () => {
      setPatch({});
      setErrors({});
      message(`${def.noun} saved.`, 'success');
    },
    onError: (e: unknown) => {
      if (isApiError(e)) setErrors(e.fields);
      message(`Problem.  ${errorText(e)}`, 'error');
    },
  };
  const submit = () => {
    if (!dirty) return;
    if (line) save.mutate({ id: line.id, values }, done);
    else add.mutate(values, done);
  };

  return (
    <section aria-label={title}>
      <Group justify="space-between" mb={4}>
        <Title order={5}>{title}</Title>
        {!readOnly && (
          <Button size="compact-xs" disabled={!dirty} loading={add.isPending || save.isPending} onClick={submit}>
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
            onChange={(v) => setPatch((p) => ({ ...p, [f.name]: v }))}
            readOnly={readOnly}
            error={errors[f.name]}
            onEnter={submit}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}
