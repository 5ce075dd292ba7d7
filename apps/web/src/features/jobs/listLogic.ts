/**
 * The job list's and the all-other-jobs dashboard's own logic (paging, sort and selection are
 * components/table/pagedList.ts, the saved choices lib/listPrefs.ts): default sort, the rows as shown
 * (form type in words, segment roll-ups), which jobs the dashboard holds, what public mode hides, the
 * job's name, the report kinds and the PO data modal's fields. Tested in listLogic.test.ts.
 */
import type { PoField } from '../../components/record/PurchaseOrderModal';
import type { Sort } from '../../lib/listLogic';
import { showQuantity } from '../../lib/numbers';
import type { JobRow, SegmentRollup } from './api/listJobs';
import type { FormType } from './api/listTypes';

/** Spec 2 section 9: the job list sorts by job_days_left ascending (no completion date last). */
export const DEFAULT_SORT: Sort = { key: 'job_days_left', dir: 'asc' };

/** The ORCA (task-based) form type: its jobs are on the ORCA screens, not the all-other-jobs dashboard. */
export const ORCA_FORM_TYPE = 'attorca';

/** A row as the tables show it: the server's row, its form type in words and its segment roll-up. */
export type ShownJob = JobRow & {
  form_type_label: string;
  segment_count: number;
  /** Hover text of the segments cell: one line per segment. */
  segment_summary: string;
};

/** What a form type is called on screen: its ux_name from the server's list, else its name. */
export function formTypeLabel(name: string | null | undefined, types: readonly FormType[] | undefined): string {
  if (!name) return '';
  return types?.find((t) => t.name === name)?.ux_name ?? name;
}

const feet = (v: unknown) => showQuantity(v) || '?';

/** One segment's roll-up in words: 'Seg 2 (Current): 120 of 400 ft, 30%'. */
export function segmentLine(s: SegmentRollup): string {
  const name = `Seg ${s.segment_number ?? '?'}${s.work_status ? ` (${s.work_status})` : ''}`;
  const pct = s.percent_complete === null || s.percent_complete === undefined ? '' : `, ${s.percent_complete}%`;
  return `${name}: ${feet(s.segment_total_feet)} of ${feet(s.feet)} ft${pct}`;
}

export function shownJob(row: JobRow, types: readonly FormType[] | undefined): ShownJob {
  const segments = row.segment_rollups ?? [];
  return {
    ...row,
    form_type_label: formTypeLabel(row.form_type, types),
    segment_count: segments.length,
    segment_summary: segments.map(segmentLine).join('\n'),
  };
}

/** The all-other-jobs dashboard holds no ORCA job (a live row of one is left out). */
export const othersOnly = <T extends { form_type?: unknown }>(rows: T[]): T[] => rows.filter((r) => r.form_type !== ORCA_FORM_TYPE);

/** The money columns: public mode hides them, for showing the list to a customer. */
export const MONEY_COLUMNS = ['total_job', 'total_job_invoiced_actual', 'total_gross_profit', 'total_po_item_amounts'] as const;

export const shownColumns = <C extends { key: string }>(columns: C[], publicMode: boolean): C[] =>
  publicMode ? columns.filter((c) => !(MONEY_COLUMNS as readonly string[]).includes(c.key)) : columns;

/** A job's name in messages and labels: its account job number, else its id. */
export const jobName = (row: Pick<JobRow, 'id' | 'account_job_number'>) => (row.account_job_number ? `Job ${row.account_job_number}` : `Job #${row.id}`);

// ---- reports ----------------------------------------------------------------------------------

/** The job reports of docs/jobs.md asked for from these screens. */
export type JobReport = 'ops' | 'management' | 'crew' | 'segment_production';

/** The PO data modal: the job's PO fields, its PO items' total read-only. */
export const JOB_PO_FIELDS: PoField[] = [
  { name: 'po_job_number', label: 'PO job #', kind: 'text' },
  { name: 'py_po_complete_date', label: 'PY PO complete', kind: 'date' },
  { name: 'billing_due_date', label: 'Billing due', kind: 'date' },
  { name: 'total_po_item_amounts', label: 'Total PO items', kind: 'money', readOnly: true },
  { name: 'total_change_orders', label: 'Change orders', kind: 'money', readOnly: true },
  { name: 'total_job', label: 'Total job', kind: 'money', readOnly: true },
];
