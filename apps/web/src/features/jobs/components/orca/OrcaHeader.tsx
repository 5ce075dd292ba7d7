import { Group, Text, Title } from '@mantine/core';
import { dueColour, type Line } from '@trenchline/domain';
import { Link } from 'react-router-dom';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import { showMoney } from '../../../../lib/numbers';
import type { JobDetail } from '../../api/getJob';
import { orcaJobPath, taskLabel } from '../../orca/taskLines';
import { jobNumberOf } from '../JobDetailHeader';

interface Cell {
  key: string;
  label: string;
  value: string;
  tone?: 'red' | 'teal';
}

const money = (v: unknown) => showMoney(v) || '$0.00';
const negative = (v: unknown) => (typeof v === 'number' && v < 0 ? ('red' as const) : undefined);

/** A row of totals as the API computes them (never added up here). */
export function Totals({ cells, testId }: { cells: Cell[]; testId: string }) {
  return (
    <Group gap={0} wrap="wrap" mt={4} data-testid={testId} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {cells.map((c) => (
        <div key={c.key} data-total={c.key} style={{ padding: '2px 14px 0 0', minWidth: 96 }}>
          <Text size="10px" c="dimmed" tt="uppercase" lh={1.3} style={{ letterSpacing: 0.3 }}>
            {c.label}
          </Text>
          <Text size="sm" fw={600} lh={1.3} c={c.tone ? `${c.tone}.8` : undefined} data-value style={{ fontVariantNumeric: 'tabular-nums' }}>
            {c.value}
          </Text>
        </div>
      ))}
    </Group>
  );
}

type OrcaJob = JobDetail & { CIBE_issued_grand_total?: number | null; CIBE_job_grand_total?: number | null; CIBE_job_grand_total_difference?: number | null; task_count?: number };

/** The ORCA job's totals: the CIBE grand totals, then the job's money as on the base page. */
export function OrcaJobTotals({ job }: { job: OrcaJob }) {
  return (
    <Totals
      testId="job-totals"
      cells={[
        { key: 'CIBE_issued_grand_total', label: 'CIBE issued', value: money(job.CIBE_issued_grand_total) },
        { key: 'CIBE_job_grand_total', label: 'CIBE total', value: money(job.CIBE_job_grand_total) },
        { key: 'CIBE_job_grand_total_difference', label: 'CIBE difference', value: money(job.CIBE_job_grand_total_difference), tone: negative(job.CIBE_job_grand_total_difference) },
        { key: 'total_po_item_amounts', label: 'PO items', value: money(job.total_po_item_amounts) },
        { key: 'total_change_orders', label: 'Change orders', value: money(job.total_change_orders) },
        { key: 'total_job', label: 'Total job', value: money(job.total_job) },
        { key: 'total_job_invoiced_actual', label: 'Invoiced', value: money(job.total_job_invoiced_actual) },
        { key: 'total_crew_payouts', label: 'Crew payouts', value: money(job.total_crew_payouts) },
        { key: 'total_gross_profit', label: 'Gross profit', value: money(job.total_gross_profit), tone: negative(job.total_gross_profit) },
        { key: 'task_count', label: 'Tasks', value: String(job.task_count ?? ((job as Record<string, unknown>).tasks as Line[] | undefined)?.length ?? 0) },
      ]}
    />
  );
}

/** A task's totals (contract: computed on read, two decimals). */
export function TaskTotals({ task }: { task: Line }) {
  const pct = task.task_payout_pct;
  return (
    <Totals
      testId="task-totals"
      cells={[
        { key: 'CIBE_issued_total', label: 'CIBE issued', value: money(task.CIBE_issued_total) },
        { key: 'CIBE_total', label: 'CIBE total', value: money(task.CIBE_total) },
        { key: 'CIBE_total_difference', label: 'CIBE difference', value: money(task.CIBE_total_difference), tone: negative(task.CIBE_total_difference) },
        { key: 'task_item_po_amount', label: 'PO items', value: money(task.task_item_po_amount) },
        { key: 'task_total_change_orders', label: 'Change orders', value: money(task.task_total_change_orders) },
        { key: 'task_total', label: 'Task total', value: money(task.task_total) },
        { key: 'task_total_job_invoiced_actual', label: 'Invoiced', value: money(task.task_total_job_invoiced_actual) },
        { key: 'task_total_crew_payouts', label: 'Crew payouts', value: money(task.task_total_crew_payouts) },
        { key: 'task_total_crew_payouts_est', label: 'Est. payouts', value: money(task.task_total_crew_payouts_est) },
        { key: 'task_total_gross_profit', label: 'Gross profit', value: money(task.task_total_gross_profit), tone: negative(task.task_total_gross_profit) },
        { key: 'task_payout_pct', label: 'Payout %', value: pct === null || pct === undefined ? '—' : `${Number(pct).toFixed(2)}%` },
      ]}
    />
  );
}

/** The task's title line: its job (a link back), task id, title, status and permit days left. */
export function TaskTitle({ job, task }: { job: JobDetail; task: Line }) {
  const days = typeof task.task_permit_days_left === 'number' ? task.task_permit_days_left : null;
  return (
    <Group gap="sm" wrap="wrap" data-testid="task-title">
      <Title order={4}>
        <Link to={orcaJobPath(job)} style={{ color: 'inherit' }}>
          Job {jobNumberOf(job)}
        </Link>
        {` · Task ${taskLabel(task)}`}
        {task.title ? (
          <Text span inherit fw={400} c="dimmed">
            {` · ${String(task.title)}`}
          </Text>
        ) : null}
      </Title>
      {task.work_status ? (
        <Text size="xs" c="dimmed">
          Status <b data-testid="task-status">{String(task.work_status)}</b>
        </Text>
      ) : null}
      {days !== null && (
        <Group gap={4} data-testid="task-permit-days-left">
          <Text size="xs" c="dimmed">
            Permit days left
          </Text>
          <DaysToDue days={days} colour={dueColour(days)} />
        </Group>
      )}
    </Group>
  );
}
