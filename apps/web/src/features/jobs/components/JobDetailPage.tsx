import { WaitMessage } from '../../../components/WaitMessage';
import { RecordAsOfView } from '../../../components/record/AsOfControl';
import { SectionBar } from '../../../components/record/SectionBar';
import { jobRecord, type JobDetail } from '../api/getJob';
import { JOB_SECTIONS, scrollToJobSection } from '../sections';
import { JobTitle, JobTotals } from './JobDetailHeader';
import { JobDetailEditor } from './JobDetailEditor';
import { JobForm } from './JobForm';
import { JobSections, Section } from './JobSections';
import { useJobPage } from './useJobPage';

/**
 * /job/{account_job_number} (and /job/{id}, as a bid's new job opens): the job found by its number,
 * else by its id; live while open. With ?as_of= the job as it stood then, read-only.
 */
export function JobDetailPage() {
  // A job that cannot be found or was deleted sends the user to the job list with 'Deleted.'.
  const { id, job, waiting, asOf, showAsOf, showNow } = useJobPage('/job/');
  if (waiting || !id) return waiting;
  if (asOf) return <JobAsOfView id={id} asOf={asOf} onNow={showNow} />;
  if (!job.data) return <WaitMessage boxed />;
  return <JobDetailEditor key={id} job={job.data} onAsOf={showAsOf} />;
}

function JobAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<JobDetail> record={jobRecord(id)} noun="job" asOf={asOf} onNow={onNow}>
      {(past) => (
        <>
          <SectionBar title={<JobTitle job={past} />} sections={JOB_SECTIONS} onJump={scrollToJobSection} label="Job sections" extra={<JobTotals job={past} />} />
          <Section id="details">
            <JobForm values={past} readOnly days={{ job: past.job_days_left, colour: past.job_days_colour, permit: past.permit_days_left }} crews={past.crew_string} />
          </Section>
          <JobSections job={past} readOnly />
        </>
      )}
    </RecordAsOfView>
  );
}
