import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { RecordAsOfView } from '../../../components/record/AsOfControl';
import { SectionBar } from '../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { jobRecord, jobStream, useJob, type JobDetail } from '../api/getJob';
import { useJobLookup } from '../api/lookupJob';
import { JOB_SECTIONS, scrollToJobSection } from '../sections';
import { JobTitle, JobTotals } from './JobDetailHeader';
import { JobDetailEditor } from './JobDetailEditor';
import { JobForm } from './JobForm';
import { JobSections, Section } from './JobSections';

const gone = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 400);

/**
 * /job/{account_job_number} (and /job/{id}, as a bid's new job opens): the job found by its number,
 * else by its id; live while open. With ?as_of= the job as it stood then, read-only.
 */
export function JobDetailPage() {
  const { key = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  const ref = useJobLookup(key);
  const id = ref.data?.id ?? null;
  useLiveRecord(id ? jobStream(id) : null);
  const job = useJob(id);

  // A job that cannot be found or was deleted sends the user to the job list with 'Deleted.'.
  const missing = gone(ref.error) || gone(job.error);
  useEffect(() => {
    if (!missing) return;
    message('Deleted.');
    navigate('/job/', { replace: true });
  }, [missing, message, navigate]);

  const error = ref.error ?? job.error;
  if (error && !missing)
    return (
      <Alert color="red" title="The job could not be loaded">
        {errorText(error)}
      </Alert>
    );
  if (!id || missing) return <WaitMessage boxed />;
  if (asOf) return <JobAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (job.isPending) return <WaitMessage boxed />;
  if (!job.data) return <WaitMessage boxed />;
  return <JobDetailEditor key={id} job={job.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
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
