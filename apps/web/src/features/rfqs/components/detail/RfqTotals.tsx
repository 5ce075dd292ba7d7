import { Group, Text } from '@mantine/core';
import { showMoney, showQuantity } from '../../../../lib/numbers';
import type { RfqView } from '../../api/types';
import { percentText } from '../../listLogic';

/** The RFQ's totals and margin as the server computes them (never added up here). */
export function RfqTotals({ rfq }: { rfq: RfqView }) {
  const perFoot = rfq.rfq_total_per_foot_calc;
  const cells: { key: string; label: string; value: string }[] = [
    { key: 'rfq_total', label: 'Total', value: showMoney(rfq.rfq_total) },
    { key: 'rfq_total_cost', label: 'Cost', value: showMoney(rfq.rfq_total_cost) },
    { key: 'rfq_margin_calculated', label: 'Margin', value: percentText(rfq.rfq_margin_calculated) },
    { key: 'rfq_total_feet', label: 'Feet', value: showQuantity(rfq.rfq_total_feet ?? 0) },
    { key: 'rfq_total_days', label: 'Days', value: String(rfq.rfq_total_days ?? 0) },
    { key: 'rfq_total_per_foot_calc', label: 'Per foot', value: perFoot === null ? '—' : showMoney(perFoot) },
    { key: 'rfq_total_labor', label: 'Labor', value: showMoney(rfq.rfq_total_labor) },
    { key: 'rfq_total_materials', label: 'Materials', value: showMoney(rfq.rfq_total_materials) },
    { key: 'rfq_total_equipment', label: 'Equipment', value: showMoney(rfq.rfq_total_equipment) },
    { key: 'rfq_total_transportation', label: 'Transportation', value: showMoney(rfq.rfq_total_transportation) },
    { key: 'rfq_total_overhead', label: 'Overhead', value: showMoney(rfq.rfq_total_overhead) },
    { key: 'rfq_total_other', label: 'Other', value: showMoney(rfq.rfq_total_other) },
  ];
  return (
    <Group gap={0} wrap="wrap" mt={4} data-testid="rfq-totals" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {cells.map((c) => (
        <div key={c.key} data-total={c.key} style={{ padding: '2px 14px 0 0', minWidth: 86 }}>
          <Text size="10px" c="dimmed" tt="uppercase" lh={1.3}>
            {c.label}
          </Text>
          <Text size="sm" fw={600} lh={1.3} data-value style={{ fontVariantNumeric: 'tabular-nums' }}>
            {c.value}
          </Text>
        </div>
      ))}
    </Group>
  );
}
