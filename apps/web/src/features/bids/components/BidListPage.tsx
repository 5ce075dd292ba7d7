import { useMemo, useState } from 'react';
import { Group, Paper, SegmentedControl, Title } from '@mantine/core';
import { BID_MARKETS } from '@trenchline/domain';
import { BulkZipButton, keepSelection } from '../../../components/record/BulkActions';
import { FindBox, MatchCount } from '../../../components/table/ListPage';
import { QueryStates } from '../../../components/table/QueryStates';
import { usePagedList } from '../../../components/table/usePagedList';
import type { BidRow } from '../api/types';
import { DEFAULT_SORT } from '../listLogic';
import { AwardBidButton, FindBidButton, NEW_BID, NewBidButton } from './BidActions';
import { BidTable } from './BidTable';
import { noneYet } from '../../../lib/words';
import { GettingStarted } from '../../../components/onboarding/GettingStarted';

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
      <GettingStarted />
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
          <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun="bids" />
        </Group>
        <Group gap={6} wrap="wrap">
          <NewBidButton />
          <FindBidButton by="supplier_code" />
          <FindBidButton by="work_request" />
          <AwardBidButton />
          <BulkZipButton list="bids" records="bids" target={list.target} onDone={keepSelection} />
        </Group>
      </Group>

      <QueryStates query={list} noun="bids" count={list.count} empty={list.text.trim() || market ? 'No bids match the filter.' : archived ? 'No archived bids.' : noneYet('active bids', NEW_BID.label)}>
        <BidTable list={list} />
      </QueryStates>
    </Paper>
  );
}
