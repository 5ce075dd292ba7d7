import { Button } from '@mantine/core';
import { HistoryDrawer } from '../../../components/history/HistoryDrawer';
import { useBidHistory } from '../api/bidHistory';
import { fieldLabel } from '../fields';

/** The bid's history in the shared drawer; any entry opens the bid as it stood right after it. */
export function BidHistoryDrawer({ bidId, opened, onClose, onAsOf }: { bidId: string; opened: boolean; onClose: () => void; onAsOf: (at: string) => void }) {
  const history = useBidHistory(bidId, opened);
  return (
    <HistoryDrawer
      opened={opened}
      onClose={onClose}
      title="History"
      entries={history.data}
      error={history.error}
      fieldLabel={fieldLabel}
      actions={(entry) => (
        <Button size="compact-xs" variant="subtle" onClick={() => onAsOf(entry.at)} title="Show the bid as it stood right after this change">
          As of this
        </Button>
      )}
    />
  );
}
