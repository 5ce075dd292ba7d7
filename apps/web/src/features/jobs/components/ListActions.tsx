/**
 * The job screens' list buttons: New job by form type, New base job, the report buttons and the
 * Reports dropdown (each opens its report in a new window and reads 'AI Working...' for 3 s), and the
 * bulk Delete and Archive of the selected jobs.
 */
import { useNavigate } from 'react-router-dom';
import { Button, Menu } from '@mantine/core';
import { ArchiveSelectedButton, DeleteSelectedButton, useSelectedUrl } from '../../../components/record/BulkActions';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { ReportButton, useReportButton } from '../../reports';
import { archiveJob } from '../api/archiveJob';
import { jobPath, useCreateBaseJob, useCreateJob } from '../api/createJob';
import { deleteListedJob } from '../api/deleteJob';
import { useJobFormTypes } from '../api/listTypes';
import { jobReportUrl, type JobReport } from '../listLogic';

/** New job: pick a form type of the server's list; the job is made under the next job number, then opened. */
export function NewJobMenu() {
  const types = useJobFormTypes();
  const create = useCreateJob();
  const navigate = useNavigate();
  const message = useMessage();
  const make = (formType: string) =>
    create.mutate(formType, {
      onSuccess: (job) => navigate(jobPath(job)),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button size="xs" loading={create.isPending} rightSection="▾">
          New job
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Form type</Menu.Label>
        {types.isPending && <Menu.Item disabled>Loading form types...</Menu.Item>}
        {types.isError && <Menu.Item disabled>Form types could not be loaded</Menu.Item>}
        {types.data?.map((t) => (
          <Menu.Item key={t.name} onClick={() => make(t.name)} title={t.form_title} data-form-type={t.name}>
            {t.ux_name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** New base job (the all-other-jobs dashboard): POST form_type base, then open it. */
export function NewBaseJobButton() {
  return <NewRecordButton label="New base job" create={useCreateBaseJob()} pathOf={jobPath} />;
}

interface Selected {
  ids: string[];
  onDone: () => void;
}

export const DeleteJobsButton = (props: Selected) => <DeleteSelectedButton {...props} records="jobs" each={deleteListedJob} />;
export const ArchiveJobsButton = (props: Selected) => <ArchiveSelectedButton {...props} records="jobs" each={archiveJob} />;

/** One report of the selected jobs; nothing selected: 'Please select rows first.'. */
export function JobReportButton({ ids, kind, label, miw }: { ids: string[]; kind: JobReport; label: string; miw?: number }) {
  const url = useSelectedUrl(ids, (selected) => jobReportUrl(kind, selected));
  return <ReportButton label={label} miw={miw} url={url} />;
}

/** The all-other-jobs dashboard's Reports dropdown: Management and Crew. */
export function ReportsMenu({ ids }: { ids: string[] }) {
  const button = useReportButton('Reports');
  const management = useSelectedUrl(ids, (selected) => jobReportUrl('management', selected));
  const crew = useSelectedUrl(ids, (selected) => jobReportUrl('crew', selected));
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" miw={110} rightSection={button.working ? undefined : '▾'} data-working={button.working || undefined}>
          {button.text}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The window is opened in the click itself: one opened later is blocked as a pop-up. */}
        <Menu.Item onClick={() => button.open(management())}>Management</Menu.Item>
        <Menu.Item onClick={() => button.open(crew())}>Crew</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
