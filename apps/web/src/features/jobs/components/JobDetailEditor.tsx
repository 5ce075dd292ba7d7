import { Stack } from '@mantine/core';
import { RecordEditorNotices } from '../../../components/record/EditorNotices';
import { RecordEditorActions } from '../../../components/record/RecordEditorActions';
import { SectionBar } from '../../../components/record/SectionBar';
import { SAVE_FAILED } from '../../../components/record/useRecordEditor';
import { Slot } from '../../../components/slots/slots';
import { jobRecord, type JobDetail } from '../api/getJob';
import { jobFieldLabel } from '../fields';
import { JOB_SECTIONS, scrollToJobSection } from '../sections';
import { jobNumberOf, JobTitle, JobTotals } from './JobDetailHeader';
import { JobForm } from './JobForm';
import { JobSections, Section } from './JobSections';
import { useJobEditor } from './useJobEditor';

/** Spec 2 section 8: what a failed job save says. */
export { SAVE_FAILED };

/** The live job: its fields, totals, lines and actions (save, delete, history, as of). */
export function JobDetailEditor({ job, onAsOf }: { job: JobDetail; onAsOf: (iso: string) => void }) {
  const editor = useJobEditor(job, { removedMessage: `Job ${jobNumberOf(job)} deleted`, afterRemove: '/job/' });
  const { form } = editor;

  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <SectionBar title={<JobTitle job={job} />} sections={JOB_SECTIONS} onJump={scrollToJobSection} label="Job sections" extra={<JobTotals job={job} />}>
        <RecordEditorActions editor={editor} noun="job" record={jobRecord(job.id)} fieldLabel={jobFieldLabel} onAsOf={onAsOf} />
      </SectionBar>

      <RecordEditorNotices editor={editor} noun="job" record={job} fieldLabel={jobFieldLabel} />
      <Slot name="jobLocateWarning" props={{ jobId: job.id, jobVersion: job.version }} />

      <Section id="details">
        <JobForm
          values={state.draft}
          onChange={form.setField}
          errors={editor.fieldErrors}
          dirty={form.dirtyFields}
          days={{ job: job.job_days_left, colour: job.job_days_colour, permit: job.permit_days_left }}
          crews={job.crew_string}
          onEnter={() => void editor.save()}
        />
      </Section>
      <JobSections job={job} />
    </Stack>
  );
}
