import { ColorSwatch, Group, Text, Title, Tooltip } from '@mantine/core';
import { ArchivedBadge, TitleDays, UpdatedText } from '../../../components/record/TitleParts';
import type { JobDetail } from '../api/getJob';
import { Slot } from '../../../components/slots/slots';
import { figureCell, moneyCell, Totals, type Cell } from '../../../components/record/Totals';

/** The job's number as users say it: the account job number, else the job number, else its id. */
export const jobNumberOf = (job: Pick<JobDetail, 'id' | 'account_job_number' | 'job_number'>) => String(job.account_job_number || job.job_number || `#${job.id}`);

/** Job number, title, days left (red under 4, orange under 7), status, colour and when it last changed. */
export function JobTitle({ job }: { job: JobDetail }) {
  return (
    <Group gap="sm" wrap="wrap" data-testid="job-title">
      {job.colour_background && (
        <Tooltip label={`Colour ${job.colour}`}>
          <ColorSwatch color={job.colour_background} size={16} withShadow={false} />
        </Tooltip>
      )}
      <Title order={4} style={{ maxWidth: 640, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        Job {jobNumberOf(job)}
        {job.title ? <Text span inherit fw={400} c="dimmed">{` · ${job.title}`}</Text> : null}
      </Title>
      <ArchivedBadge archived={job.archived} />
      {job.job_days_left !== null && (
        <TitleDays label="Days left" days={job.job_days_left} colour={job.job_days_colour} testId="job-days-left" />
      )}
      {job.work_status && (
        <Text size="xs" c="dimmed">
          Status <b data-testid="job-status">{job.work_status}</b>
        </Text>
      )}
      {job.work_req_num && (
        <Text size="xs" c="dimmed" data-field="work_req_num">
          WR <b>{job.work_req_num}</b>
        </Text>
      )}
      {job.customer && (
        <Text size="xs" c="dimmed">
          {job.customer}
        </Text>
      )}
      <UpdatedText at={job.last_updated} />
    </Group>
  );
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);

/** The job's totals as the API computes them (never added up here); the money ones only where the answer has them. */
export function JobTotals({ job }: { job: JobDetail }) {
  const cells: Cell[] = [
    moneyCell(job, 'total_po_item_amounts', 'PO items'),
    moneyCell(job, 'total_change_orders', 'Change orders'),
    moneyCell(job, 'total_job', 'Total job'),
    moneyCell(job, 'total_job_invoiced_actual', 'Invoiced'),
    moneyCell(job, 'total_crew_payouts', 'Crew payouts'),
    moneyCell(job, 'total_gross_profit', 'Gross profit', true),
    moneyCell(job, 'job_operations_gross_profit', 'Ops gross profit', true),
    // Computed from money (the aggregate's moneyFigures): withheld with it.
    figureCell(job, 'payout_pct_of_total', 'Payout %', (v) => pct(v as number | null), (job.payout_pct_of_total ?? 0) > 100 ? 'red' : undefined),
    { key: 'segment_percent_complete', label: 'Segments complete', value: pct(job.segment_percent_complete), tone: job.segment_percent_complete !== null && job.segment_percent_complete >= 100 ? 'teal' : undefined },
  ];
  return (
    <>
      <Totals cells={cells} testId="job-totals" />
      {/* A job made from an RFQ: its estimated margin against the actual one, and the way back to the RFQ. */}
      <Slot name="jobMargin" props={{ job }} />
    </>
  );
}
