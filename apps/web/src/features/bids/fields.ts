/** How the bid form shows every bid field, grouped as office staff read a bid. Lists come from the domain. */
import {
  AWARD_SOURCES,
  BID_MARKET_CODES,
  BID_REGIONS,
  BID_STATUSES,
  DIVISIONS,
  OUR_STATUSES,
  type FieldSpec,
} from '@trenchline/domain';

export interface FieldGroup {
  title: string;
  fields: FieldSpec[];
  /** Columns on wide screens. */
  cols: number;
}

const text = (name: string, label: string): FieldSpec => ({ name, label, kind: 'text' });
const long = (name: string, label: string): FieldSpec => ({ name, label, kind: 'longtext' });
const date = (name: string, label: string): FieldSpec => ({ name, label, kind: 'date' });
const choice = (name: string, label: string, choices: readonly string[]): FieldSpec => ({ name, label, kind: 'choice', choices });

export const BID_FORM_GROUPS: FieldGroup[] = [
  {
    title: 'Request',
    cols: 4,
    fields: [
      text('work_request', 'Work request'),
      text('supplier_code', 'Supplier code'),
      text('ticket_number', 'Ticket #'),
      text('job_number', 'Job #'),
      choice('bid_status', 'Bid status', BID_STATUSES),
      choice('our_status', 'Our status', OUR_STATUSES),
      text('coordinator', 'Coordinator'),
      text('phone_1', 'Coordinator phone'),
    ],
  },
  {
    title: 'Dates',
    cols: 4,
    fields: [
      date('bid_due_date', 'Bid due'),
      date('request_start', 'Requested start'),
      date('task_completion', 'Task completion'),
      date('bid_completion', 'Bid completion'),
    ],
  },
  {
    title: 'Where',
    cols: 4,
    fields: [text('location', 'Location'), text('city', 'City'), text('county', 'County'), text('crossroads', 'Crossroads')],
  },
  {
    title: 'Market',
    cols: 5,
    fields: [
      choice('market', 'Market', BID_MARKET_CODES),
      choice('region', 'Region', BID_REGIONS),
      text('bid_center_id', 'Bid center id'),
      choice('division', 'Division', DIVISIONS),
      choice('award_source', 'Award source', AWARD_SOURCES),
    ],
  },
  {
    title: 'Scope',
    cols: 3,
    fields: [long('description', 'Description'), long('summary_description', 'Summary description'), long('job_summary', 'Job summary')],
  },
];

/** The archived flag is a switch beside the form's buttons, not in a group. */
export const ARCHIVED_FIELD: FieldSpec = { name: 'archived', label: 'Archived', kind: 'flag' };

export const BID_FORM_FIELDS: FieldSpec[] = [...BID_FORM_GROUPS.flatMap((g) => g.fields), ARCHIVED_FIELD];

const LABELS: Record<string, string> = Object.fromEntries(BID_FORM_FIELDS.map((f) => [f.name, f.label]));

/** A field's label for history and messages; unknown names are made readable. */
export const fieldLabel = (name: string) =>
  LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
