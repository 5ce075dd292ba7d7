/**
 * The crews assigned to the locate: a crew of Settings > Crews by name. A blank name says 'Please
 * enter a Crew name' at once (spec 3 section 5); a name Settings does not know is refused by the API
 * with the same words, shown as it says them.
 */
import { Button, Group, Table } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { crews as crewCatalog, locateCrews, type Line } from '@trenchline/domain';
import { useAddLine } from '../../../../components/lines/api/addLine';
import { useDeleteLine } from '../../../../components/lines/api/deleteLine';
import { LineButtons, LineTable } from '../../../../components/lines/LineTable';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useCatalog } from '../../../settings';
import { CrewNameInput, crewNames, useCrewNameEntry } from '../../../../components/record/CrewNameInput';

interface Props {
  locateId: string;
  recordKey: QueryKey;
  rows: Line[];
  readOnly?: boolean;
}

export function LocateCrewsSection({ locateId, recordKey, rows, readOnly }: Props) {
  const message = useMessage();
  const catalog = useCatalog(crewCatalog, false);
  const add = useAddLine(locateCrews, locateId, recordKey);
  const remove = useDeleteLine(locateCrews, recordKey, 'crews');
  const names = crewNames(catalog.data, new Set(rows.map((r) => String(r.crew_name ?? ''))));
  const crew = useCrewNameEntry((crew_name, outcome) => add.mutate({ crew_name }, outcome));

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
      onAdd={crew.submit}
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
              {...crew.inputProps}
              style={{ flex: 1, maxWidth: 320 }}
            />
            <Button size="xs" onClick={crew.submit} loading={add.isPending}>
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
