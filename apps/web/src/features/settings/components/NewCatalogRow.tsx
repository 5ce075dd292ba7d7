import { useState } from 'react';
import { Button, Table, Text } from '@mantine/core';
import type { CatalogRecordDef } from '@trenchline/domain';
import { LineCell } from '../../../components/lines/LineCell';
import { toWire, type Patch } from '../../../components/lines/values';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useAddCatalogRecord } from '../api/addCatalogRecord';
import { nounOf } from '../api/types';

/** Fields typed when adding: a new record starts active, so 'active' is not asked. */
const isAsked = (name: string) => name !== 'active';

interface Props {
  def: CatalogRecordDef;
  /** Leading cells before the fields (the products' expand column). */
  lead?: boolean;
}

/** The table's first row: type a new record and press Enter or Add. Refusals keep what was typed. */
export function NewCatalogRow({ def, lead }: Props) {
  const message = useMessage();
  const [values, setValues] = useState<Patch>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddCatalogRecord(def);
  const noun = nounOf(def);

  const submit = () => {
    const body: Record<string, unknown> = {};
    for (const f of def.fields) {
      if (isAsked(f.name) && values[f.name] !== undefined && values[f.name] !== '') body[f.name] = toWire(f, values[f.name]);
    }
    add.mutate(body, {
      onSuccess: () => {
        setValues({});
        setErrors({});
        message(`New ${def.label} added.`, 'success');
      },
      onError: (e) => {
        if (isApiError(e)) setErrors(e.fields);
        // The server's words name the field or the taken name ('Crew North Bore already exists').
        message(errorText(e), 'error');
      },
    });
  };

  return (
    <Table.Tr data-new-row aria-label={`New ${noun}`} bg="blue.0">
      {lead && <Table.Td />}
      {def.fields.map((f) => (
        <Table.Td key={f.name} style={{ verticalAlign: 'top' }}>
          {isAsked(f.name) ? (
            <LineCell
              field={f}
              value={values[f.name]}
              onChange={(v) => setValues((x) => ({ ...x, [f.name]: v }))}
              error={errors[f.name]}
              onEnter={submit}
            />
          ) : (
            <Text size="xs" c="dimmed" pt={4}>
              new
            </Text>
          )}
        </Table.Td>
      ))}
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Button size="compact-xs" onClick={submit} loading={add.isPending}>
          Add {noun}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
