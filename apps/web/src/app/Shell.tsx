import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCan, useLogout, useMe } from '../features/auth';
import { AwaitingBadge } from '../features/help';
import { ExpiringBadge } from '../features/locates';
import { NotificationBell } from '../features/notifications';
import { useBackgroundPicture } from '../features/settings';
import { AREAS, areaOf } from './navigation';
import { backgroundStyle } from './Background';
import { BulkToastsProvider } from '../components/record/BulkToasts';
import { OfflineBadge } from '../components/offline/OfflineBadge';
import { OfflineChanges } from '../components/offline/OfflineChanges';
import { useFieldSync } from '../lib/offline/fieldSync';
import { ownerKey } from '../lib/offline/owner';
import { useOutboxSync } from '../lib/offline/syncOutbox';
import { fieldSync } from './fieldSync';

const LOCATES_PATH = '/locate/';
const HELP_PATH = '/help/';
/** In step with .tl-burger in global.css. */
const NAV_DRAWER_BELOW = 1100;

/** The frame of every signed-in page: header with the user, navbar with every area, background. */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const current = areaOf(location.pathname);
  const { data: user } = useMe();
  const can = useCan();
  const logout = useLogout();
  const { data: picture } = useBackgroundPicture();
  const owner = user ? ownerKey(user) : null;
  useFieldSync(fieldSync, user ?? null);
  useOutboxSync(owner);

  return (
    <AppShell
      header={{ height: 44 }}
      // Under 1100 px (a tablet either way round) the navigation is a drawer behind the burger, so the page keeps the width.
      navbar={{ width: 150, breakpoint: NAV_DRAWER_BELOW, collapsed: { mobile: !opened } }}
      padding="sm"
    >
      <AppShell.Header>
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} className="tl-burger" size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} aria-expanded={opened} aria-controls="areas-nav" />
            <Text fw={800} c="orange" style={{ letterSpacing: 1 }}>
              TRENCHLINE
            </Text>
            {user && (
              <Text size="xs" c="dimmed" visibleFrom="sm">
                {user.account_name}
              </Text>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <OfflineBadge owner={owner} />
            <OfflineChanges owner={owner} />
            <NotificationBell />
            <Text size="sm" fw={500} data-testid="user-name">
              {user?.display_name}
            </Text>
            <Button size="xs" variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p={4} aria-label="Areas" id="areas-nav" component="nav">
        <AppShell.Section grow>
          {AREAS.filter((a) => can({ area: a.path })).map((a) => (
            <NavLink
              key={a.path}
              component={RouterLink}
              to={a.path}
              label={a.label}
              // The count of expiring locates, for every user of the account (it opens the expiring view); the help tickets awaiting this user.
              rightSection={a.path === LOCATES_PATH ? <ExpiringBadge /> : a.path === HELP_PATH ? <AwaitingBadge /> : undefined}
              active={current?.path === a.path}
              onClick={close}
              py={5}
              styles={{ label: { fontSize: 'var(--mantine-font-size-sm)' } }}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main
        data-background={picture ? 'picture' : 'none'}
        style={backgroundStyle(picture)}
      >
        {/* The report toasts live here, above the pages: moving to another page keeps them. */}
        <BulkToastsProvider>
          <Outlet />
        </BulkToastsProvider>
      </AppShell.Main>
    </AppShell>
  );
}
