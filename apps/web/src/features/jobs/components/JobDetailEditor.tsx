import { SAVE_FAILED } from '../../../components/record/useRecordEditor';
import { Slot } from '../../../components/slots/slots';
import type { JobDetail } from '../api/getJob';
import { JOB_SECTIONS, scrollToJobSection } from '../sections';
import { jobNumberOf, JobTotals } from './JobDetailHeader';
import { JobEditorPage } from './JobEditorPage';
import { JobForm } from './JobForm';
import { JobSections, Section } from './JobSections';

/** Spec 2 section 8: what a failed job save says. */
export { SAVE_FAILED };

/** The live job: its fields, totals, lines and actions (save, delete, history, as of). */
export function JobDetailEditor({ job, onAsOf }: { job: JobDetail; onAsOf: (iso: string) => void }) {
  return (
    <JobEditorPage
      job={job}
      onAsOf={onAsOf}
      options={{ removedMessage: `Job ${jobNumberOf(job)} deleted`, afterRemove: '/job/' }}
      sections={JOB_SECTIONS}
      onJump={scrollToJobSection}
      extra={<JobTotals job={job} />}
    >
      {(formProps) => (
        <>
          <Slot name="jobLocateWarning" props={{ jobId: job.id, jobVersion: job.version }} />
          <Section id="details">
            <JobForm {...formProps} days={{ job: job.job_days_left, colour: job.job_days_colour, permit: job.permit_days_left }} crews={job.crew_string} />
          </Section>
          <JobSections job={job} />
        </>
      )}
    </JobEditorPage>
  );
}
