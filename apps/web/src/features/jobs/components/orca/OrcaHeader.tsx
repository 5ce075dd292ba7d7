import { Group, Text, Title } from '@mantine/core';
import { dueColour, type Line } from '@trenchline/domain';
import { Link } from 'react-router-dom';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import { showPercent } from '../../../../lib/numbers';
import type { JobDetail } from '../../api/getJob';
import { orcaJobPath, taskLabel } from '../../orca/taskLines';
import { jobNumberOf } from '../JobDetailHeader';
import { figureCell, moneyCell, Totals, type Cell } from '../../../../components/record/Totals';

/** Money totals of a record by [field, label, red when negative]: the cells' one shape. */
const moneyCells = (record: Record<string, unknown>, cells: [key: string, label: string, signed?: boolean][]): Cell[] =>
  cells.map(([key, label, signed]) => moneyCell(record, key, label, signed));


type OrcaJob = JobDetail & { CIBE_issued_grand_total?: number | null; CIBE_job_grand_total?: number | null; CIBE_job_grand_total_difference?: number | null; task_count?: number };

/** The ORCA job's totals: the CIBE grand totals, then the job's money as on the base page. */
export function OrcaJobTotals({ job }: { job: OrcaJob }) {
  return (
    <Totals
      testId="job-totals"
      cells={[
        ...moneyCells(job, [
          ['CIBE_issued_grand_total', 'CIBE issued'],
          ['CIBE_job_grand_total', 'CIBE total'],
          ['CIBE_job_grand_total_difference', 'CIBE difference', true],
          ['total_po_item_amounts', 'PO items'],
          ['total_change_orders', 'Change orders'],
          ['total_job', 'Total job'],
          ['total_job_invoiced_actual', 'Invoiced'],
          ['total_crew_payouts', 'Crew payouts'],
          ['total_gross_profit', 'Gross profit', true],
        ]),
        { key: 'task_count', label: 'Tasks', value: String(job.task_count ?? ((job as Record<string, unknown>).tasks as Line[] | undefined)?.length ?? 0) },
      ]}
    />
  );
}

/** A task's totals (contract: computed on read, two decimals). */
export function TaskTotals({ task }: { task: Line }) {
  return (
    <Totals
      testId="task-totals"
      cells={[
        ...moneyCells(task, [
          ['CIBE_issued_total', 'CIBE issued'],
          ['CIBE_total', 'CIBE total'],
          ['CIBE_total_difference', 'CIBE difference', true],
          ['task_item_po_amount', 'PO items'],
          ['task_total_change_orders', 'Change orders'],
          ['task_total', 'Task total'],
          ['task_total_job_invoiced_actual', 'Invoiced'],
          ['task_total_crew_payouts', 'Crew payouts'],
          ['task_total_crew_payouts_est', 'Est. payouts'],
          ['task_total_gross_profit', 'Gross profit', true],
        ]),
        figureCell(task, 'task_payout_pct', 'Payout %', (v) => showPercent(v) || '—'),
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
