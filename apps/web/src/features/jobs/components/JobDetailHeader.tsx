import { ColorSwatch, Group, Text, Title, Tooltip } from '@mantine/core';
import { ArchivedBadge, TitleDays, UpdatedText } from '../../../components/record/TitleParts';
import { showMoney } from '../../../lib/numbers';
import type { JobDetail } from '../api/getJob';
import { Slot } from '../../../components/slots/slots';
import { Totals } from './Totals';

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

/** The job's totals as the API computes them (never added up here). */
export function JobTotals({ job }: { job: JobDetail }) {
  const cells: { key: string; label: string; value: string; tone?: 'red' | 'teal' }[] = [
    { key: 'total_po_item_amounts', label: 'PO items', value: showMoney(job.total_po_item_amounts) },
    { key: 'total_change_orders', label: 'Change orders', value: showMoney(job.total_change_orders) },
    { key: 'total_job', label: 'Total job', value: showMoney(job.total_job) },
    { key: 'total_job_invoiced_actual', label: 'Invoiced', value: showMoney(job.total_job_invoiced_actual) },
    { key: 'total_crew_payouts', label: 'Crew payouts', value: showMoney(job.total_crew_payouts) },
    { key: 'total_gross_profit', label: 'Gross profit', value: showMoney(job.total_gross_profit), tone: job.total_gross_profit < 0 ? 'red' : undefined },
    { key: 'job_operations_gross_profit', label: 'Ops gross profit', value: showMoney(job.job_operations_gross_profit), tone: job.job_operations_gross_profit < 0 ? 'red' : undefined },
    { key: 'payout_pct_of_total', label: 'Payout %', value: pct(job.payout_pct_of_total), tone: (job.payout_pct_of_total ?? 0) > 100 ? 'red' : undefined },
    { key: 'segment_percent_complete', label: 'Segments complete', value: pct(job.segment_percent_complete), tone: job.segment_percent_complete !== null && job.segment_percent_complete >= 100 ? 'teal' : undefined },
  ];
  return (
    <>
      <Totals cells={cells.map((c) => ({ ...c, value: c.value || '$0.00' }))} testId="job-totals" />
      {/* A job made from an RFQ: its estimated margin against the actual one, and the way back to the RFQ. */}
      <Slot name="jobMargin" props={{ job }} />
    </>
  );
}
