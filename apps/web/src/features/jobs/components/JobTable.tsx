import { useMemo } from 'react';
import { Anchor, Group, Progress, Text } from '@mantine/core';
import { DaysToDue } from '../../../components/table/DaysToDue';
import { jobMoneyColumns, jobNumberColumn, locateWarningColumn, moneyColumn } from './jobColumns';
import type { Column } from '../../../components/table/RecordTable';
import type { PagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { selectLabels } from '../../../components/table/rowMarks';
import { PurchaseOrderButton } from '../../../components/table/PurchaseOrderButton';
import { showDate } from '../../../lib/dates';
import { tagStyle } from '../../../lib/tagColours';
import { showQuantity } from '../../../lib/numbers';
import { jobPath } from '../api/createJob';
import type { JobRow } from '../api/listJobs';
import { shownColumns, type ShownJob } from '../listLogic';

function BundleLink({ bundle }: { bundle: JobRow['pdf_bundle'] }) {
  if (!bundle) return null;
  return (
    <Anchor href={bundle.file} target="_blank" rel="noreferrer" fz={11} fw={600} onClick={(e) => e.stopPropagation()} title={`PDF bundle: ${bundle.file_name}`} data-bundle-link>
      PDF
    </Anchor>
  );
}

const money = (key: keyof JobRow & string, label: string, title?: string) => moneyColumn<ShownJob>(key, label, title);

const feet = (v: unknown) => showQuantity(v, 'ft');

function PercentComplete({ pct }: { pct: number | null | undefined }) {
  if (pct === null || pct === undefined) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Progress value={Math.min(100, pct)} w={44} size="sm" color={pct >= 100 ? 'teal' : 'blue'} aria-hidden />
      <Text span fz="xs" w={34} ta="right">
        {pct}%
      </Text>
    </Group>
  );
}


/** The columns both screens start with: days left, job #, title (with its PDF), customer, form, status. */
function leading(): Column<ShownJob>[] {
  return [
    { key: 'job_days_left', label: 'Days', width: 56, title: 'Days left to the completion date (red under 4, orange under 7)', align: 'right', render: (r) => <DaysToDue days={r.job_days_left} colour={r.job_days_colour} /> },
    jobNumberColumn(),
    locateWarningColumn(),
    { key: 'title', label: 'Title', width: 250, hover: (r) => r.title ?? undefined },
    { key: 'customer', label: 'Customer', width: 110 },
    { key: 'form_type_label', sortKey: 'form_type', label: 'Form', title: 'Form type', width: 120 },
    { key: 'work_status', label: 'Status', width: 90 },
  ];
}

const pdf: Column<ShownJob> = { key: 'pdf_bundle', label: 'PDF', width: 40, sortable: false, title: 'The job\'s PDF bundle', render: (r) => <BundleLink bundle={r.pdf_bundle} /> };

/** The job list: ... completion, crews, PO, total job, invoiced, gross profit, PDF. */
function listColumns(onPurchaseOrder: (row: ShownJob) => void): Column<ShownJob>[] {
  return [
    ...leading(),
    { key: 'completion_date', label: 'Completion', width: 84, title: 'Completion date (hover a date for the start)', render: (r) => <span title={r.start_date ? `Start ${showDate(r.start_date)}` : 'No start date'}>{showDate(r.completion_date)}</span> },
    { key: 'crew_string', label: 'Crews', width: 120 },
    {
      key: 'po_job_number',
      label: 'PO',
      width: 90,
      title: 'PO data: click one to edit it',
      render: (r) => (
        <PurchaseOrderButton area="/job/" number={r.po_job_number} onClick={() => onPurchaseOrder(r)} label={`PO data of job ${r.account_job_number || r.id}`} />
      ),
    },
    ...jobMoneyColumns(),
    pdf,
  ];
}

/** The all-other-jobs dashboard: ... segment roll-ups (count, planned and actual feet, % complete), crews, total job, PDF. */
function othersColumns(): Column<ShownJob>[] {
  return [
    ...leading(),
    { key: 'completion_date', label: 'Completion', width: 84, title: 'Completion date', render: (r) => showDate(r.completion_date) },
    { key: 'segment_count', label: 'Segs', width: 46, title: 'Segments (hover for each one\'s roll-up)', align: 'right', hover: (r) => r.segment_summary || 'No segments', render: (r) => r.segment_count || '' },
    { key: 'segment_plan_feet', label: 'Planned ft', width: 80, align: 'right', render: (r) => (r.segment_count ? feet(r.segment_plan_feet) : '') },
    { key: 'segment_total_feet', label: 'Actual ft', width: 80, title: 'Feet produced (the productions of the segments)', align: 'right', render: (r) => (r.segment_count ? feet(r.segment_total_feet) : '') },
    { key: 'segment_percent_complete', label: '% complete', width: 96, title: 'Actual over planned feet', align: 'right', render: (r) => <PercentComplete pct={r.segment_percent_complete} /> },
    { key: 'crew_string', label: 'Crews', width: 120 },
    money('total_job', 'Total job', 'PO items plus change orders'),
    pdf,
  ];
}

interface Props {
  list: PagedList<ShownJob>;
  /** Which screen: the job list or the all-other-jobs dashboard. */
  variant: 'list' | 'others';
  publicMode: boolean;
  onPurchaseOrder?: (row: ShownJob) => void;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
}

type TaggedJob = { id: string; account_job_number?: string | null; colour?: string | null; colour_background?: string | null; archived?: boolean | null };

/**
 * A job row's look on every job table (job list, all other jobs, ORCA dashboard): its colour tag as a light
 * tint and a left edge (tagStyle); a row someone just changed is marked instead for a moment.
 */
const jobRowProps = (r: TaggedJob, flashed: ReadonlySet<string>) => ({
  style: { transition: 'background-color 600ms', ...(flashed.has(r.id) ? { background: 'var(--mantine-color-yellow-1)' } : tagStyle(r.colour)) },
  'data-job-id': r.id,
  'data-job-number': r.account_job_number ?? undefined,
  'data-colour-tag': r.colour && r.colour !== 'None' ? r.colour : 'None',
  'data-flashed': flashed.has(r.id) ? 'true' : undefined,
  'data-archived': r.archived ? 'true' : undefined,
});

/** A job table's select words and row look: the same on the job list, all other jobs and the ORCA dashboard. */
export const jobTableRows = <T extends TaggedJob>(flashed: ReadonlySet<string>) => ({
  ...selectLabels<T>('job', 'jobs', (r) => r.account_job_number),
  rowProps: (r: T) => jobRowProps(r, flashed),
});

/** The dense, sortable, paged job table with a sticky header; a row opens /job/{account_job_number} and wears its colour tag. */
export function JobTable({ list, variant, publicMode, onPurchaseOrder = () => {}, flashed }: Props) {
  const columns = useMemo(() => shownColumns(variant === 'list' ? listColumns(onPurchaseOrder) : othersColumns(), publicMode), [variant, onPurchaseOrder, publicMode]);
  return (
    <VirtualTable
      name={variant === 'list' ? 'jobs' : 'other-jobs'}
      list={list}
      label="Jobs"
      columns={columns}
      {...jobTableRows<ShownJob>(flashed)}
      rowLink={jobPath}
      height="calc(100vh - 190px)"
    />
  );
}
