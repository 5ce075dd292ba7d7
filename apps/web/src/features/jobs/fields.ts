/** How the read-only job page lays out a job (the full job screens come with the jobs issue). */
import { JOB_FIELD_NAMES, jobItems, type FieldSpec } from '@trenchline/domain';

const LABELS: Record<string, string> = {
  bid_ref: 'From bid',
  work_req_num: 'Work request',
  coord_phone1: 'Coordinator phone',
  coord_phone2: 'Coordinator phone 2',
  geo_loc: 'Geo location',
  po_job_number: 'PO job #',
  job_number: 'Job #',
  account_job_number: 'Account job #',
  py_po_complete_date: 'PY PO complete',
  estimated_crew_payout: 'Est. crew payout',
  estimated_payout: 'Est. payout',
  total_po_item_amounts: 'Total PO items',
};

export const jobFieldLabel = (name: string) =>
  LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

const DATE = /(_date|completion)$/;

/** Fields of the description list: every job field plus its computed total, dates recognisable. */
export const JOB_SHOWN_FIELDS: FieldSpec[] = [...JOB_FIELD_NAMES, 'total_po_item_amounts', 'created_at', 'last_updated'].map((name) => ({
  name,
  label: jobFieldLabel(name),
  kind: name === 'archived' ? 'flag' : name === 'total_po_item_amounts' || name.startsWith('estimated_') ? 'money' : DATE.test(name) ? 'date' : 'text',
}));

/** The items table of the brief: item, col1, job_percent, col4, col6, qty, price, total_price. */
const ITEM_COLUMNS = ['item', 'col1', 'job_percent', 'col4', 'col6', 'qty', 'price', 'total_price'];
export const JOB_ITEM_FIELDS: FieldSpec[] = ITEM_COLUMNS.map(
  (name) => jobItems.fields.find((f) => f.name === name) ?? { name, label: jobFieldLabel(name), kind: 'text' },
);
