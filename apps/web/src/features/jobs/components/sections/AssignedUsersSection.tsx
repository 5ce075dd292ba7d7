/**
 * Users assigned to the job: picked from the account's active users by last name, assigned by
 * email (POST {user_to_be_assigned}); 'Please choose a name' when none is picked.
 */
import { useState } from 'react';
import { Button, Group, Select, Table } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { jobAssignedUsers, type Line } from '@trenchline/domain';
import { useDeleteLine } from '../../../../components/lines/api/deleteLine';
import { LineTable } from '../../../../components/lines/LineTable';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useAccountUsers, useAssignUser } from '../../api/assignUsers';
import { matchesLastName, userOptions } from '../../formLogic';
import { useCan } from '../../../auth';

export const CHOOSE_A_NAME = 'Please choose a name';

interface Props {
  jobId: string;
  recordKey: QueryKey;
  rows: Line[];
  readOnly?: boolean;
}

export function AssignedUsersSection({ jobId, recordKey, rows, readOnly: shownReadOnly }: Props) {
  // Who is assigned is the office's: shown, not offered (nor the account's users read), to a field user and an auditor.
  const writes = useCan()({ writeLines: jobAssignedUsers.name });
  const readOnly = shownReadOnly || !writes;
  const message = useMessage();
  const users = useAccountUsers(!readOnly);
  const assign = useAssignUser(jobId);
  const unassign = useDeleteLine(jobAssignedUsers, recordKey);
  const [email, setEmail] = useState<string | null>(null);
  const options = userOptions(users.data ?? [], rows.map((r) => String(r.email ?? '')));

  const submit = () => {
    if (!email) {
      message(CHOOSE_A_NAME, 'error');
      return;
    }
    assign.mutate(email, {
      onSuccess: () => {
        setEmail(null);
        message('User assigned successfully!', 'success');
      },
      onError: (e) => message(errorText(e), 'error'),
    });
  };

  const remove = (row: Line) => {
    if (!confirmAction('Sure you want to delete this?')) return;
    unassign.mutate(row.id, {
      onSuccess: () => message('User un-assigned successfully', 'success'),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  const picker = readOnly ? null : (
    <Group gap="xs" mb={4} wrap="nowrap">
      <Select
        size="xs"
        w={320}
        aria-label="User to assign"
        placeholder={users.isPending ? 'Loading users...' : 'Type a last name'}
        data={options}
        value={email}
        onChange={setEmail}
        searchable
        clearable
        filter={({ options: opts, search }) => opts.filter((o) => 'label' in o && matchesLastName(o.label, search))}
        nothingFoundMessage="No such user"
        comboboxProps={{ withinPortal: true }}
      />
      <Button size="xs" variant="light" onClick={submit} loading={assign.isPending}>
        Assign
      </Button>
    </Group>
  );

  return (
    <LineTable
      title="Assigned users"
      noun="assigned user"
      readOnly={readOnly}
      canAdd={false}
      onAdd={() => undefined}
      adding={false}
      fields={jobAssignedUsers.fields}
      table={{ striped: true, withTableBorder: true, verticalSpacing: 2, horizontalSpacing: 6 }}
      empty={rows.length === 0}
      header={picker}
      rows={rows.map((row) => (
        <Table.Tr key={row.id} data-line-id={row.id}>
          <Table.Td>{String(row.display_name ?? '')}</Table.Td>
          <Table.Td>{String(row.email ?? '')}</Table.Td>
          {!readOnly && (
            <Table.Td>
              <Button size="compact-xs" color="red" variant="subtle" onClick={() => remove(row)} loading={unassign.isPending && unassign.variables === row.id}>
                Un-assign
              </Button>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    />
  );
}
