import { Paper, SimpleGrid } from '@mantine/core';
import { bidCustomerData, bidFiles, bidItems, bidNotes } from '@trenchline/domain';
import { linesOf, RecordLineTable } from '../../../components/lines/RecordLineTable';
import { LineForm } from '../../../components/lines/LineForm';
import { PdfBundleSection } from '../../../components/record/PdfBundleSection';
import { bidKey, type BidDetail } from '../api/types';
import { BidPercentTotal } from './BidPercentTotal';

/** The bid's lines: items (with the bid % total), notes, customer data (first entry) and PDF bundle. */
export function BidSections({ bid, readOnly }: { bid: BidDetail; readOnly?: boolean }) {
  const lines = linesOf(bid.id, bidKey(bid.id), readOnly);
  return (
    <>
      <Paper withBorder p="xs">
        <RecordLineTable {...lines} def={bidItems} title="Items" rows={bid.items} footer={(current) => <BidPercentTotal items={current} />} />
      </Paper>
      <Paper withBorder p="xs">
        <RecordLineTable {...lines} def={bidNotes} title="Notes" rows={bid.notes} />
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs">
        <Paper withBorder p="xs">
          <LineForm key={`customer-${bid.id}-${bid.customer_data?.[0]?.id ?? 'new'}`} {...lines} def={bidCustomerData} title="Customer data" line={bid.customer_data?.[0]} />
        </Paper>
        <Paper withBorder p="xs">
          <PdfBundleSection {...lines} def={bidFiles} files={bid.files ?? []} title="PDF bundle" />
        </Paper>
      </SimpleGrid>
    </>
  );
}
