/**
 * The job screens' list buttons: New job by form type, New base job, and the bulk actions on the
 * selected jobs (all that match, when so selected), run by the worker with their progress: Delete,
 * Archive, the report buttons and the Reports dropdown (the report is downloaded when made), the zip.
 */
import { Button, Menu } from '@mantine/core';
import { BulkArchiveButton, BulkDeleteButton, BulkReportButton, BulkZipButton, useServerBulk } from '../../../components/record/BulkActions';
import type { SelectionTarget } from '../../../components/record/useBulkOperation';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { NewField, NewRecordForm } from '../../../components/record/NewRecordDialog';
import { jobPath, useCreateBaseJob, useCreateJob } from '../api/createJob';
import type { JobReport } from '../listLogic';
import { NewByFormTypeMenu } from '../../../components/record/NewByFormTypeMenu';

/** New job: pick a form type of the server's list; the job is made under the next job number, then opened. */
export const NewJobMenu = () => <NewByFormTypeMenu label="New job" nav="job" fields={NEW_JOB_FIELDS} create={useCreateJob()} pathOf={jobPath} />;

/** What a New job asks, whatever its form type: its title, customer and start. */
const NEW_JOB_FIELDS: readonly NewField[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'customer', label: 'Customer', kind: 'text' },
  { name: 'start_date', label: 'Start date', kind: 'date' },
];
export const NEW_BASE_JOB: NewRecordForm = { label: 'New base job', fields: NEW_JOB_FIELDS };

/** New base job (the all-other-jobs dashboard): its dialog, then POST form_type base, then open it. */
export function NewBaseJobButton() {
  return <NewRecordButton area="/job/" form={NEW_BASE_JOB} create={useCreateBaseJob()} pathOf={jobPath} />;
}

/** Spec 2 section 2: the job screens' report buttons read 'Robots Working...' while a report is made. */
export const JOB_REPORT_WORKING = 'Robots Working...';

interface Selected {
  /** The selection as the bulk body takes it (lib: usePagedList target). */
  target: SelectionTarget;
  onDone: () => void;
}

export const DeleteJobsButton = (props: Selected) => <BulkDeleteButton {...props} list="jobs" records="jobs" />;
export const ArchiveJobsButton = (props: Selected) => <BulkArchiveButton {...props} list="jobs" records="jobs" />;
export const JobZipButton = (props: Selected) => <BulkZipButton {...props} list="jobs" records="jobs" />;

/** One report of the selected jobs (nothing selected: all that match), made by the worker and downloaded from its toast. */
export function JobReportButton({ report, label, miw, ...props }: Selected & { report: JobReport; label: string; miw?: number }) {
  return <BulkReportButton {...props} list="jobs" records="jobs" report={report} label={label} miw={miw} workingLabel={JOB_REPORT_WORKING} />;
}

/** The all-other-jobs dashboard's Reports dropdown: Management and Crew, made by the worker over the selection (or all that match) and downloaded from its toast. */
export function ReportsMenu(props: Selected) {
  // The dashboard's own list: 'all that match' is its jobs (no ORCA ones).
  const bulk = useServerBulk({ ...props, request: { list: 'all_other_jobs', action: 'report', report: 'management' }, records: 'jobs', workingLabel: JOB_REPORT_WORKING });
  if (!bulk.offered) return null;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" miw={110} rightSection={bulk.busy ? undefined : '▾'} data-working={bulk.busy || undefined}>
          {bulk.text ?? 'Reports'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void bulk.go({ report: 'management' }, 'Management report')}>Management</Menu.Item>
        <Menu.Item onClick={() => void bulk.go({ report: 'crew' }, 'Crew report')}>Crew</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
