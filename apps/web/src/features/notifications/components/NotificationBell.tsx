import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ActionIcon, Anchor, Badge, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useUserEvent } from '../../../lib/realtime';
import { refreshNotifications, useLatest, useMarkAllRead, useMarkRead, useUnreadCount } from '../api/notifications';
import { NOTIFICATIONS_PAGE, type NotificationRow } from '../api/types';
import { bellLabel, countText } from '../notificationLogic';

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** One notification in the dropdown: opens its record and marks it read. */
export function NotificationItem({ n, onOpen }: { n: NotificationRow; onOpen: (n: NotificationRow) => void }) {
  return (
    <UnstyledButton onClick={() => onOpen(n)} p={6} style={{ borderRadius: 4, background: n.read ? undefined : 'var(--mantine-color-orange-0)' }} data-testid="notification" data-read={n.read} data-kind={n.kind}>
      <Text size="sm" fw={n.read ? 400 : 600} lineClamp={1}>
        {n.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {n.body}
      </Text>
      <Text size="xs" c="dimmed">
        {showDateTime(n.created_at)}
      </Text>
    </UnstyledButton>
  );
}

/** The app shell's bell: the unread count, live from the worker's scan, and the latest notifications. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const count = useUnreadCount();
  const latest = useLatest(opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  useUserEvent('notifications', (p) => refreshNotifications(qc, typeof p.unread === 'number' ? p.unread : undefined));
  const unread = count.data?.unread ?? 0;
  const open = (n: NotificationRow) => {
    setOpened(false);
    if (!n.read) markRead.mutate(n.id);
    navigate(n.link);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      {/* The target is the button itself, so its popup attributes sit on a button (axe). */}
      <Indicator disabled={unread === 0} label={countText(unread)} size={16} color="red" offset={4} data-testid="bell-count" data-count={unread}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={bellLabel(unread)} onClick={() => setOpened((o) => !o)} data-testid="bell">
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="xs" aria-label="Notifications">
        <Group justify="space-between" mb={4}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              Notifications
            </Text>
            {unread > 0 && (
              <Badge size="xs" color="red" variant="light">
                {unread} unread
              </Badge>
            )}
          </Group>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        </Group>
        <ScrollArea.Autosize mah={380}>
          <Stack gap={2}>
            {latest.isError && <Text size="xs" c="red">{errorText(latest.error)}</Text>}
            {latest.isSuccess && latest.data.results.length === 0 && (
              <Text size="xs" c="dimmed" py="sm" ta="center">
                Nothing to tell you now.
              </Text>
            )}
            {latest.data?.results.map((n) => <NotificationItem key={n.id} n={n} onOpen={open} />)}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="center" mt={4}>
          <Anchor component={Link} to={NOTIFICATIONS_PAGE} size="xs" onClick={() => setOpened(false)}>
            See all
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
