/** The job as clients see it. */
import { linesOf } from '../shared/collections.ts';
import type { JobState } from './job.ts';
import { JOB_FIELD_NAMES } from './commands.ts';

export function jobView(state: JobState) {
  const items = linesOf(state.lines, 'job_items');
  const total = Math.round(items.reduce((s, i) => s + Number(i.total_price ?? 0), 0) * 100) / 100;
  return {
    id: state.id!,
    ...Object.fromEntries(JOB_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null])),
    created_at: state.created_at,
    last_updated: state.last_updated,
    total_po_item_amounts: total,
  };
}
