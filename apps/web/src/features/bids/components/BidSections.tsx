import { Paper, SimpleGrid } from '@mantine/core';
import { bidCustomerData, bidFiles, bidItems, bidNotes } from '@trenchline/domain';
import { EditableTable } from '../../../components/lines/EditableTable';
import { LineForm } from '../../../components/lines/LineForm';
import { PdfBundleSection } from '../../../components/record/PdfBundleSection';
import { bidKey, type BidDetail } from '../api/types';
import { BidPercentTotal } from './BidPercentTotal';

/** The bid's lines: items (with the bid % total), notes, customer data (first entry) and PDF bundle. */
export function BidSections({ bid, readOnly }: { bid: BidDetail; readOnly?: boolean }) {
  const recordKey = bidKey(bid.id);
  return (
    <>
      <Paper withBorder p="xs">
        <EditableTable
          key={`items-${bid.id}`}
          def={bidItems}
          title="Items"
          rows={bid.items ?? []}
          parentId={bid.id}
          recordKey={recordKey}
          readOnly={readOnly}
          footer={(current) => <BidPercentTotal items={current} />}
        />
      </Paper>
      <Paper withBorder p="xs">
        <EditableTable
          key={`notes-${bid.id}`}
          def={bidNotes}
          title="Notes"
          rows={bid.notes ?? []}
          parentId={bid.id}
          recordKey={recordKey}
          readOnly={readOnly}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs">
        <Paper withBorder p="xs">
          <LineForm
            key={`customer-${bid.id}-${bid.customer_data?.[0]?.id ?? 'new'}`}
            def={bidCustomerData}
            title="Customer data"
            line={bid.customer_data?.[0]}
            parentId={bid.id}
            recordKey={recordKey}
            readOnly={readOnly}
          />
        </Paper>
        <Paper withBorder p="xs">
          <PdfBundleSection def={bidFiles} parentId={bid.id} recordKey={recordKey} files={bid.files ?? []} readOnly={readOnly} title="PDF bundle" />
        </Paper>
      </SimpleGrid>
    </>
  );
}
