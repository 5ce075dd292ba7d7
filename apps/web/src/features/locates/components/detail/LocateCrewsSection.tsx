/**
 * The crews assigned to the locate: a crew of Settings > Crews by name. A blank name says 'Please
 * enter a Crew name' at once (spec 3 section 5); a name Settings does not know is refused by the API
 * with the same words, shown as it says them.
 */
import { useState } from 'react';
import { Button, Group, Table } from '@mantine/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { crews as crewCatalog, locateCrews, type Line } from '@trenchline/domain';
import { addLine } from '../../../../components/lines/api/addLine';
import { useDeleteLine } from '../../../../components/lines/api/deleteLine';
import { LineButtons, LineTable } from '../../../../components/lines/LineTable';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useCatalog } from '../../../settings';
import { CrewNameInput } from '../../../../components/record/CrewNameInput';

export const CREW_NAME_REQUIRED = 'Please enter a Crew name';

interface Props {
  locateId: string;
  recordKey: QueryKey;
  rows: Line[];
  readOnly?: boolean;
}

export function LocateCrewsSection({ locateId, recordKey, rows, readOnly }: Props) {
  const message = useMessage();
  const qc = useQueryClient();
  const catalog = useCatalog(crewCatalog, false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (crew_name: string) => addLine(locateCrews, locateId, { crew_name }),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey }),
  });
  const remove = useDeleteLine(locateCrews, recordKey, 'crews');
  const taken = new Set(rows.map((r) => String(r.crew_name ?? '')));
  const names = [...new Set((catalog.data ?? []).map((c) => String(c.crew_name ?? '')).filter((n) => n && !taken.has(n)))];

  const submit = () => {
    setError(null);
    if (!name.trim()) {
      setError(CREW_NAME_REQUIRED);
      message(CREW_NAME_REQUIRED, 'error');
      return;
    }
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        message('Crew successfully saved!', 'success');
      },
      onError: (e) => {
        setError(errorText(e));
        message(errorText(e), 'error');
      },
    });
  };

  const del = (row: Line) => {
    if (!confirmAction('Sure you want to delete this?')) return;
    remove.mutate(row.id, { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };

  return (
    <LineTable
      title="Crews"
      noun="crew"
      readOnly={readOnly}
      canAdd={false}
      onAdd={submit}
      adding={add.isPending}
      fields={locateCrews.fields}
      table={{ striped: true, withTableBorder: true, verticalSpacing: 2, horizontalSpacing: 6 }}
      empty={rows.length === 0}
      header={
        readOnly ? undefined : (
          <Group gap="xs" mb={6} align="flex-start">
            <CrewNameInput
              placeholder={catalog.isPending ? 'Loading crews...' : 'Crew name (Settings > Crews)'}
              names={names}
              value={name}
              onChange={(v) => {
                setName(v);
                setError(null);
              }}
              onEnter={submit}
              error={error}
              style={{ flex: 1, maxWidth: 320 }}
            />
            <Button size="xs" onClick={submit} loading={add.isPending}>
              Assign crew
            </Button>
          </Group>
        )
      }
      rows={rows.map((r) => (
        <Table.Tr key={r.id} data-line-id={r.id}>
          <Table.Td>{String(r.crew_name ?? '')}</Table.Td>
          {!readOnly && (
            <Table.Td style={{ whiteSpace: 'nowrap', width: 1 }}>
              <LineButtons onDelete={() => del(r)} deleting={remove.isPending && remove.variables === r.id}>
                {null}
              </LineButtons>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    />
  );
}
