import { useMemo } from 'react';
import { Alert, Box, Table, Text } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useLiveList } from '../../../lib/realtime';
import { useUserAppActivities } from '../api/userAppActivities';
import type { UserAppActivity } from '../api/types';

/** The first of these keys an activity has (the API's names vary between old and new apps). */
const pick = (a: UserAppActivity, ...keys: string[]) => {
  for (const k of keys) if (a[k] !== null && a[k] !== undefined && a[k] !== '') return String(a[k]);
  return '';
};

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The newest things users did in the apps (what, where, for which job). */
export function UserActivitiesSection({ limit = 20 }: { limit?: number }) {
  useLiveList('user_app_activities');
  const activities = useUserAppActivities(limit);
  // Live rows arrive at the end: newest first again, and no more than asked for.
  const rows = useMemo(
    () => [...(activities.data ?? [])].sort((a, b) => pick(b, 'at', 'created_at').localeCompare(pick(a, 'at', 'created_at'))).slice(0, limit),
    [activities.data, limit],
  );
  if (activities.isPending) return <WaitMessage />;
  if (activities.isError)
    return (
      <Alert color="red" variant="light" p="xs">
        {errorText(activities.error)}
      </Alert>
    );
  if (rows.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No app activity recorded yet.
      </Text>
    );
  return (
    <Box style={{ overflow: 'auto', maxHeight: 260 }}>
      <Table striped stickyHeader fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>App</Table.Th>
            <Table.Th>Function</Table.Th>
            <Table.Th>Job #</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={String(a.id)}>
              <Table.Td style={NOWRAP}>{showDateTime(pick(a, 'at', 'created_at', 'recorded_at'))}</Table.Td>
              <Table.Td>{pick(a, 'user_name', 'display_name', 'generated_cibe_email')}</Table.Td>
              <Table.Td>{pick(a, 'app_name')}</Table.Td>
              <Table.Td title={pick(a, 'url')}>{pick(a, 'function')}</Table.Td>
              <Table.Td style={NOWRAP}>{pick(a, 'job_number', 'job_id_text')}</Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                {pick(a, 'amount')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
