import { Stack, Text } from '@mantine/core';
import { rfqEstimates, rfqSegments } from '@trenchline/domain';
import { EditableTable } from '../../../../components/lines/EditableTable';
import { showMoney } from '../../../../lib/numbers';
import { rfqKey, type RfqDetail, type RfqSegment } from '../../api/types';
import { percentText } from '../../listLogic';

/**
 * The RFQ's segments (number, work type, feet, days required, with the server's cost, price and margin),
 * then each segment's estimates (type, description, qty, uom, price, margin assumed: 30 unless changed;
 * the cost and price are the server's). A margin of 100 or more is refused by the server, whose answer shows.
 */
export function RfqSegments({ rfq, readOnly }: { rfq: RfqDetail; readOnly?: boolean }) {
  const recordKey = rfqKey(rfq.id);
  const segments = rfq.segments ?? [];
  return (
    <Stack gap="xs">
      <EditableTable key={`segments-${rfq.id}`} def={rfqSegments} title="Segments" rows={segments} parentId={rfq.id} recordKey={recordKey} readOnly={readOnly} />
      {segments.map((s) => (
        <div key={s.id} data-segment={s.number ?? s.id} style={{ paddingLeft: 12, borderLeft: '3px solid var(--mantine-color-blue-2)' }}>
          <EditableTable
            def={rfqEstimates}
            title={`Estimates of segment ${s.number || `#${s.id}`}`}
            rows={s.estimates ?? []}
            parentId={s.id}
            recordKey={recordKey}
            readOnly={readOnly}
            footer={() => <SegmentFigures segment={s} />}
          />
        </div>
      ))}
    </Stack>
  );
}

/** The segment's totals as the server has them (saved estimates only). */
function SegmentFigures({ segment }: { segment: RfqSegment }) {
  return (
    <Text size="xs" ta="right" mt={2} data-testid="segment-figures" style={{ fontVariantNumeric: 'tabular-nums' }}>
      Cost <b>{showMoney(segment.estimate_total_cost)}</b> · Price <b>{showMoney(segment.estimate_total_price)}</b> · Margin{' '}
      <b>{percentText(segment.estimate_calculated_margin as number | null | undefined)}</b>
    </Text>
  );
}
