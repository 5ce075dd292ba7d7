/**
 * The shell's word on the network: "Offline — N changes waiting" while the device has none (N: the
 * signed-in user's outbox), "Back online — syncing" for a moment after it returns, nothing otherwise.
 * The field sync's state rides along as data attributes (for the browser test and support).
 */
import { useEffect, useState } from 'react';
import { Badge } from '@mantine/core';
import { useFieldSyncState } from '../../lib/offline/fieldSync';
import { useOnline } from '../../lib/offline/network';
import { usePendingChanges } from '../../lib/offline/outbox';

/** How long "Back online" stays. */
const BACK_ONLINE_MS = 4000;

export const changesWaiting = (n: number) => `Offline — ${n} ${n === 1 ? 'change' : 'changes'} waiting`;

export function OfflineBadge({ owner }: { owner: string | null }) {
  const online = useOnline();
  const sync = useFieldSyncState();
  const waiting = usePendingChanges(owner, online);
  const [back, setBack] = useState(false);
  const [wasOffline, setWasOffline] = useState(!online);
  if (!online && !wasOffline) setWasOffline(true);
  if (online && wasOffline) {
    setWasOffline(false);
    setBack(true);
  }
  useEffect(() => {
    if (!back) return;
    const t = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(t);
  }, [back]);

  return (
    <span role="status" data-testid="network-status" data-field-sync={sync.state} data-field-jobs={sync.jobs}>
      {!online ? (
        <Badge color="red" variant="filled" size="lg" data-testid="offline-banner">
          {changesWaiting(waiting)}
        </Badge>
      ) : back ? (
        <Badge color="teal" variant="light" size="lg" data-testid="back-online">
          Back online — syncing
        </Badge>
      ) : null}
    </span>
  );
}
