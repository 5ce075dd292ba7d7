import { useMemo, useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { NOTIFICATION_KIND_LABELS } from '@trenchline/domain';
import { ListStates, MatchCount } from '../../../components/table/ListPage';
import type { Column } from '../../../components/table/RecordTable';
import { usePagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { showDateTime } from '../../../lib/dates';
import type { Sort } from '../../../lib/listLogic';
import { useMarkAllRead, useMarkRead, useUnreadCount } from '../api/notifications';
import { NOTIFICATIONS_LIST, NOTIFICATIONS_PATH, type NotificationRow } from '../api/types';
import { PreferencesPanel } from './PreferencesPanel';

/** The server's own order (newest first): never sent. */
const NEWEST_FIRST: Sort = { key: 'id', dir: 'desc' };

const columns: Column<NotificationRow>[] = [
  { key: 'created_at', label: 'When', width: 140, sortable: false, pinned: true, render: (r) => showDateTime(r.created_at) },
  { key: 'read', label: 'Read', width: 60, sortable: false, render: (r) => (r.read ? 'Read' : <Text span fz="xs" fw={700} c="red">New</Text>) },
  { key: 'kind', label: 'Kind', width: 210, sortable: false, render: (r) => NOTIFICATION_KIND_LABELS[r.kind] ?? r.kind },
  { key: 'title', label: 'Title', width: 260, sortable: false, hover: (r) => r.title },
  { key: 'body', label: 'What', width: 460, sortable: false, hover: (r) => r.body },
];

/** /notifications/: every notification of the user, newest first (a row opens its record and marks it read), and their choices per kind. */
export function NotificationsPage() {
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const filter = useMemo((): Record<string, string> => (show === 'unread' ? { unread: 't' } : {}), [show]);
  const list = usePagedList<NotificationRow>({ list: NOTIFICATIONS_LIST, path: NOTIFICATIONS_PATH, filter, rowFilter: null, defaultSort: NEWEST_FIRST });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <Stack gap="xs">
      <Paper withBorder p="xs" radius="sm">
        <Group justify="space-between" mb={6}>
          <Group gap="sm">
            <Title order={4}>Notifications</Title>
            <SegmentedControl size="xs" value={show} onChange={(v) => setShow(v as 'all' | 'unread')} data={[{ value: 'all', label: 'All' }, { value: 'unread', label: `Unread (${unread})` }]} aria-label="Show" />
          </Group>
          <Button size="xs" variant="light" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        </Group>
        <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={0} noun="notifications" />
        <ListStates query={list} loading={list.isPending} nothingAsked={false} noun="notifications" shown={list.count} total={list.count} noneText="Nothing to tell you yet." />
        {list.isSuccess && list.count > 0 && (
          <VirtualTable
            name={NOTIFICATIONS_LIST}
            list={list}
            label="Notifications"
            columns={columns}
            // Opening one marks it read; the link is the record's page.
            rowLink={(r) => r.link}
            rowProps={(r) => ({ 'data-read': String(r.read), 'data-kind': r.kind, onClickCapture: () => (r.read ? undefined : markRead.mutate(r.id)) })}
            height="calc(100vh - 420px)"
          />
        )}
      </Paper>
      <Paper withBorder p="xs" radius="sm">
        <Title order={5} mb={4}>
          How to tell me
        </Title>
        <PreferencesPanel />
      </Paper>
    </Stack>
  );
}
