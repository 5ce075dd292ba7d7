import { SegmentedControl, Table, Text } from '@mantine/core';
import { LoadFailed } from '../../../components/table/QueryStates';
import type { NotificationChannel, NotificationKind } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { usePreferences, useSavePreferences } from '../api/preferences';
import { channelChoices, kindRows } from '../notificationLogic';

/** The user's channel per kind: in the app, in the daily digest too, mailed at once too, or off. Each change saves. */
export function PreferencesPanel() {
  const prefs = usePreferences();
  const save = useSavePreferences();
  const message = useMessage();
  if (prefs.isPending) return <WaitMessage />;
  if (prefs.isError) return <LoadFailed noun="notification choices" error={prefs.error} />;
  const choose = (kind: NotificationKind, channel: NotificationChannel) =>
    save.mutate({ [kind]: channel }, { onSuccess: () => message('Saved successfully!', 'success'), onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  return (
    <>
      <Text size="xs" c="dimmed" mb={4}>
        Every notification shows under the bell; a digest or an e-mail comes on top. Off: not told at all.
      </Text>
      <Table fz="xs" verticalSpacing={3} withTableBorder striped aria-label="Notification choices" maw={720}>
        <Table.Tbody>
          {kindRows.map(({ kind, label }) => (
            <Table.Tr key={kind} data-kind={kind}>
              <Table.Td>{label}</Table.Td>
              <Table.Td>
                <SegmentedControl size="xs" aria-label={label} value={prefs.data[kind]} onChange={(v) => choose(kind, v as NotificationChannel)} data={channelChoices} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
