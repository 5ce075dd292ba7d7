import { useMemo, useState } from 'react';
import { Alert, Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import { BID_MARKETS } from '@trenchline/domain';
import { errorText } from '../../../lib/http';
import { WaitMessage } from '../../../components/WaitMessage';
import { BulkZipButton, keepSelection } from '../../../components/record/BulkActions';
import { FindBox, MatchCount } from '../../../components/table/ListPage';
import { usePagedList } from '../../../components/table/usePagedList';
import type { BidRow } from '../api/types';
import { DEFAULT_SORT } from '../listLogic';
import { AwardBidButton, FindBidButton, NewBidButton } from './BidActions';
import { BidTable } from './BidTable';

const MARKET_FILTER = [{ value: '', label: 'All' }, ...BID_MARKETS.map((m) => ({ value: m.code, label: m.label }))];

/** /bid/: active or archived bids of a market, paged from the server as it scrolls, live, searched and sorted there, selectable. */
export function BidListPage() {
  const [archived, setArchived] = useState(false);
  const [market, setMarket] = useState('');
  const filter = useMemo(() => ({ archived: archived ? 't' : 'f', ...(market ? { market } : {}) }), [archived, market]);
  const fit = useMemo(() => (r: Record<string, unknown>) => Boolean(r.archived) === archived && (!market || r.market === market), [archived, market]);
  const list = usePagedList<BidRow>({ list: 'bids', path: '/api/bids/', filter, rowFilter: fit, defaultSort: DEFAULT_SORT });

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
            onChange={(v) => setArchived(v === 'archived')}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ]}
          />
          <SegmentedControl size="xs" aria-label="Region" value={market} onChange={setMarket} data={MARKET_FILTER} />
          <FindBox value={list.text} onChange={list.setText} w={200} />
          <MatchCount ready={list.isSuccess} count={list.count} selected={list.selectedCount} noun="bids" />
        </Group>
        <Group gap={6} wrap="wrap">
          <NewBidButton />
          <FindBidButton by="supplier_code" />
          <FindBidButton by="work_request" />
          <AwardBidButton />
          <BulkZipButton list="bids" records="bids" target={list.target} onDone={keepSelection} />
        </Group>
      </Group>

      {list.isPending && <WaitMessage />}
      {list.isError && (
        <Alert color="red" variant="light" title="The bids could not be loaded">
          {errorText(list.error)}
        </Alert>
      )}
      {list.isSuccess && list.count === 0 && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {list.text.trim() || market ? 'No bids match the filter.' : `No ${archived ? 'archived' : 'active'} bids.`}
        </Text>
      )}
      {list.isSuccess && list.count > 0 && <BidTable list={list} />}
    </Paper>
  );
}
