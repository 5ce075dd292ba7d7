import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Select, Text } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useSaveTimeZone, useTimeZone } from '../api/timeZone';

/** Every zone the browser knows (the server checks the name the same way, with Intl). */
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['America/Chicago'];

/** The account's time zone: report schedules run at their time in it, through daylight-saving changes. */
export function TimeZoneSection() {
  const zone = useTimeZone();
  const save = useSaveTimeZone();
  const message = useMessage();
  const [draft, setDraft] = useState<string | null>(null);
  if (zone.isPending) return <WaitMessage />;
  const current = zone.data?.time_zone ?? 'America/Chicago';
  const value = draft ?? current;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select size="xs" w={240} label="Time zone" searchable data={ZONES.includes(current) ? ZONES : [current, ...ZONES]} value={value} onChange={(v) => setDraft(v)} allowDeselect={false} />
      <Button size="xs" disabled={value === current} loading={save.isPending} onClick={() => save.mutate(value, { onSuccess: () => { setDraft(null); message('Saved successfully!', 'success'); }, onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') })}>
        Save
      </Button>
      <Text size="xs" c="dimmed">
        Report schedules run at their time in this zone. Without an SMTP server, what would have been mailed is in the{' '}
        <Anchor component={Link} to="/report/outbox/" fz="xs" underline="always">
          mail outbox
        </Anchor>
        .
      </Text>
    </Group>
  );
}
