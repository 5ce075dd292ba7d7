import { Alert, Box, Button, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { ROLE_LABELS, isRole } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { confirmAction } from '../../../lib/confirm';
import { showDate } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useCan, useMe } from '../../auth';
import { useUsers } from '../api/listUsers';
import { useSaveUser } from '../api/saveUser';
import type { AccountUser } from '../api/types';
import { AddUserForm } from './AddUserForm';
import { ROLE_CHOICES } from './roleChoices';

/** Deactivate (their sessions end at once) or reactivate one user, after a confirmation. */
function ActiveButton({ user }: { user: AccountUser }) {
  const message = useMessage();
  const save = useSaveUser();
  const name = user.display_name || user.email;
  const toggle = () => {
    const question = user.active ? `Sure you want to deactivate ${name}? They are signed out at once.` : `Reactivate ${name}?`;
    if (!confirmAction(question)) return;
    save.mutate(
      { id: user.id, values: { active: !user.active } },
      {
        onSuccess: () => message(`${name} ${user.active ? 'deactivated' : 'reactivated'}.`, 'success'),
        // e.g. 'You cannot deactivate yourself'.
        onError: (e) => message(errorText(e), 'error'),
      },
    );
  };
  return (
    <Button size="compact-xs" variant={user.active ? 'subtle' : 'light'} color={user.active ? 'red' : 'teal'} loading={save.isPending} onClick={toggle}>
      {user.active ? 'Deactivate' : 'Reactivate'}
    </Button>
  );
}

/** A user's role: a choice for an admin (saved at once; the last admin is refused with the server's reason), plain text for anyone else. */
function RoleCell({ user, editable }: { user: AccountUser; editable: boolean }) {
  const message = useMessage();
  const save = useSaveUser();
  const name = user.display_name || user.email;
  if (!editable) return <Text span fz="xs">{ROLE_LABELS[user.role] ?? user.role}</Text>;
  return (
    <NativeSelect
      size="xs"
      aria-label={`Role of ${name}`}
      data={ROLE_CHOICES}
      value={user.role}
      disabled={save.isPending}
      onChange={(e) => {
        const role = e.currentTarget.value;
        if (!isRole(role) || role === user.role) return;
        save.mutate(
          { id: user.id, values: { role } },
          { onSuccess: () => message(`${name} is now ${ROLE_LABELS[role].toLowerCase()}.`, 'success'), onError: (err) => message(errorText(err), 'error') },
        );
      }}
    />
  );
}

/** The account's users, active or not, and a form to add one (an admin's: others see the list only). */
export function AccountUsersSection() {
  const users = useUsers();
  const { data: me } = useMe();
  const canManage = useCan()('manage users');
  const rows = [...(users.data ?? [])].sort((a, b) => Number(b.active) - Number(a.active) || a.display_name.localeCompare(b.display_name));
  return (
    <Stack gap={6}>
      {canManage && <AddUserForm />}
      {users.isPending && <WaitMessage />}
      {users.isError && (
        <Alert color="red" variant="light" p="xs" title="The users could not be loaded">
          {errorText(users.error)}
        </Alert>
      )}
      {users.isSuccess && (
        <Box style={{ overflow: 'auto', maxHeight: 260 }}>
          <Table striped stickyHeader fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.id} data-user={u.email} c={u.active ? undefined : 'dimmed'}>
                  <Table.Td>
                    {u.display_name}
                    {u.id === me?.id && (
                      <Text span fz="xs" c="dimmed">
                        {' '}
                        (you)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>
                    <RoleCell user={u} editable={canManage} />
                  </Table.Td>
                  <Table.Td>
                    <Text span fz="xs" fw={600} c={u.active ? 'teal' : 'dimmed'}>
                      {u.active ? 'Active' : 'Inactive'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{showDate(u.created_at)}</Table.Td>
                  <Table.Td>{canManage && <ActiveButton user={u} />}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
