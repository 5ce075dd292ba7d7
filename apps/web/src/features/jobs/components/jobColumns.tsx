/**
 * Columns the job list and the ORCA dashboard both show, declared once: the job's number, the expiry
 * watch's sign (from the locates slot), and the job's money totals.
 */
import { Text } from '@mantine/core';
import { Slot } from '../../../components/slots/slots';
import type { Column } from '../../../components/table/RecordTable';
import { showMoney } from '../../../lib/numbers';

type JobRowLike = { id: string; account_job_number?: string | null; locate_warning?: string | null; total_job?: unknown; total_job_invoiced_actual?: unknown; total_gross_profit?: unknown };

/** A money column, right-aligned, in dollars and cents. */
export const moneyColumn = <R extends object>(key: keyof R & string, label: string, title?: string, width = 96): Column<R> => ({ key, label, title, width, align: 'right', money: true, render: (r) => showMoney(r[key]) });

export function jobNumberColumn<R extends JobRowLike>(): Column<R> {
  return {
    key: 'account_job_number',
    label: 'Job #',
    width: 70,
    pinned: true,
    render: (r) => (
      <Text span fz="xs" fw={700}>
        {r.account_job_number || `#${r.id}`}
      </Text>
    ),
  };
}

/** The expiry watch on the row: ⚠ with the list's `locate_warning` as its tooltip (work planned, no live locate). */
export const locateWarningColumn = <R extends JobRowLike>(): Column<R> => ({ key: 'locate_warning', label: '', width: 24, sortable: false, title: 'Locates: ⚠ work is planned and no live locate covers it (hover the sign for why)', render: (r) => <Slot name="jobRowLocateWarning" props={{ warning: r.locate_warning }} /> });

/** Total job, invoiced and gross profit. */
export const jobMoneyColumns = <R extends JobRowLike>(width?: number): Column<R>[] => [
  moneyColumn<R>('total_job', 'Total job', 'PO items plus change orders', width),
  moneyColumn<R>('total_job_invoiced_actual', 'Invoiced', undefined, width),
  moneyColumn<R>('total_gross_profit', 'Gross profit', 'Total job minus crew payouts', width),
];
