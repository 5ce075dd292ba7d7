/**
 * The ORCA dashboard's bulk actions (contract section 3: POST /api/bulk/ with list 'orca_jobs'), run by
 * the worker over the selection (all that match, or ids) with their progress: Delete, Archive, the
 * PDF zip and the four reports, each in Excel or PDF, downloaded when made.
 */
import { Button, Menu } from '@mantine/core';
import { BulkArchiveButton, BulkDeleteButton, BulkZipButton, useServerBulk } from '../../../../components/record/BulkActions';
import type { SelectionTarget } from '../../../../components/record/useBulkOperation';
import { JOB_REPORT_WORKING } from '../ListActions';

interface Selected {
  target: SelectionTarget;
  onDone: () => void;
}

/** Delete: 'Orca job {number} deleted' for one job, 'Selected jobs deleted' for more. */
export const DeleteOrcaJobsButton = (props: Selected & { doneMessage: () => string }) => <BulkDeleteButton {...props} list="orca_jobs" records="jobs" />;
export const ArchiveOrcaJobsButton = (props: Selected) => <BulkArchiveButton {...props} list="orca_jobs" records="jobs" />;
export const OrcaZipButton = (props: Selected) => <BulkZipButton {...props} list="orca_jobs" records="jobs" />;

/** The reports of the ORCA catalogue (jobs.orca_ops ...), as the menu names them. */
export const ORCA_REPORTS = [
  { report: 'orca_ops', label: 'Ops' },
  { report: 'orca_billing_invoices', label: 'Billing Invoices' },
  { report: 'orca_management', label: 'Management' },
  { report: 'orca_cibe_table', label: 'CIBE table' },
] as const;

const FORMATS = [
  { format: 'xlsx', label: 'Excel (.xlsx)' },
  { format: 'pdf', label: 'PDF' },
] as const;

/** Reports: one of the four, in Excel or PDF, made over the selection (nothing selected: all that match, as the server's own dashboard selection); the button and the toast show the progress. */
export function OrcaReportsMenu(props: Selected) {
  const bulk = useServerBulk({ ...props, request: { list: 'orca_jobs', action: 'report', report: 'orca_ops' }, records: 'jobs', workingLabel: JOB_REPORT_WORKING });
  if (!bulk.offered) return null;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" miw={110} rightSection={bulk.busy ? undefined : '▾'} data-busy={bulk.busy || undefined} data-testid="orca-reports">
          {bulk.text ?? 'Reports'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map((f) => [
          <Menu.Label key={`${f.format}-label`}>{f.label}</Menu.Label>,
          ...ORCA_REPORTS.map((r) => (
            <Menu.Item key={`${f.format}-${r.report}`} onClick={() => void bulk.go({ report: r.report, format: f.format }, `${r.label} report (${f.format === 'pdf' ? 'PDF' : 'Excel'})`)} aria-label={`${r.label} report ${f.format}`}>
              {r.label}
            </Menu.Item>
          )),
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
