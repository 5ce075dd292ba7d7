import { useMemo, useState } from 'react';
import { Alert, Group, Paper, SegmentedControl, Text, TextInput, Title } from '@mantine/core';
import { BID_MARKETS } from '@trenchline/domain';
import { errorText } from '../../../lib/http';
import { WaitMessage } from '../../../components/WaitMessage';
import { DownloadBundlesButton } from '../../../components/record/DownloadBundlesButton';
import { useRecordTable } from '../../../components/table/useRecordTable';
import { sortRows } from '../../../lib/listLogic';
import { useLiveList } from '../../../lib/realtime';
import { useBids } from '../api/listBids';
import { DEFAULT_SORT, filterBids, zipEntries } from '../listLogic';
import { AwardBidButton, FindBidButton, NewBidButton } from './BidActions';
import { BidTable } from './BidTable';


const MARKET_FILTER = [{ value: '', label: 'All' }, ...BID_MARKETS.map((m) => ({ value: m.code, label: m.label }))];

/** /bid/: active or archived bids, live, filtered, sorted, selectable. */
export function BidListPage() {
  useLiveList('bids');
  const [archived, setArchived] = useState(false);
  const [text, setText] = useState('');
  const [market, setMarket] = useState('');
  const { sort, selected, setSelected, tableOf } = useRecordTable(DEFAULT_SORT);
  const bids = useBids(archived);

  const rows = useMemo(() => sortRows(filterBids(bids.data ?? [], text, market || null), sort), [bids.data, text, market, sort]);
  const entries = useMemo(() => zipEntries(rows, selected), [rows, selected]);
  const total = bids.data?.length ?? 0;
  const chosen = rows.filter((r) => selected.has(r.id)).length;

  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Title order={4} mr="xs">
            Bids
          </Title>
          <SegmentedControl
            size="xs"
            aria-label="Active or archived bids"
            value={archived ? 'archived' : 'active'}
            onChange={(v) => {
              setArchived(v === 'archived');
              setSelected(new Set());
            }}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ]}
          />
          <SegmentedControl size="xs" aria-label="Region" value={market} onChange={setMarket} data={MARKET_FILTER} />
          <TextInput size="xs" w={200} placeholder="Filter rows..." aria-label="Filter rows" value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Text size="xs" c="dimmed">
            {bids.isSuccess && `${rows.length} of ${total} shown${chosen ? `, ${chosen} selected` : ''}`}
          </Text>
        </Group>
        <Group gap={6} wrap="wrap">
          <NewBidButton />
          <FindBidButton by="supplier_code" />
          <FindBidButton by="work_request" />
          <AwardBidButton />
          <DownloadBundlesButton prefix="Bid" entries={entries} />
        </Group>
      </Group>

      {bids.isPending && <WaitMessage />}
      {bids.isError && (
        <Alert color="red" variant="light" title="The bids could not be loaded">
          {errorText(bids.error)}
        </Alert>
      )}
      {bids.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {total === 0 ? `No ${archived ? 'archived' : 'active'} bids.` : 'No bids match the filter.'}
        </Text>
      )}
      {bids.isSuccess && rows.length > 0 && (
        <BidTable {...tableOf(rows)} />
      )}
    </Paper>
  );
}
