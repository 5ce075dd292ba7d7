import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { RecordAsOfView } from '../../../../components/record/AsOfControl';
import { SectionBar } from '../../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useLiveRecord } from '../../../../lib/realtime';
import { jobRecord, jobStream, useJob, type JobDetail } from '../../api/getJob';
import { useJobLookup } from '../../api/lookupJob';
import { orcaJobSections, scrollToOrcaSection } from '../../orca/sections';
import { ORCA_LIST_PATH } from '../../orca/taskLines';
import { JobTitle } from '../JobDetailHeader';
import { Section } from '../JobSections';
import { OrcaJobEditor } from './OrcaJobEditor';
import { OrcaJobForm } from './OrcaJobForm';
import { OrcaJobTotals } from './OrcaHeader';
import { OrcaJobSections } from './OrcaSections';

const gone = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 400);

/** The job of an ORCA page's address (its account job number, else its id), live while open; a deleted one sends the user to the ORCA list. */
export function useOrcaJob(key: string) {
  const navigate = useNavigate();
  const message = useMessage();
  const ref = useJobLookup(key);
  const id = ref.data?.id ?? null;
  useLiveRecord(id ? jobStream(id) : null);
  const job = useJob(id);
  const missing = gone(ref.error) || gone(job.error);
  useEffect(() => {
    if (!missing) return;
    message('Deleted.');
    navigate(ORCA_LIST_PATH, { replace: true });
  }, [missing, message, navigate]);
  const error = ref.error ?? job.error;
  return { id, job, missing, error: error && !missing ? error : null };
}

/** /job/orca/{account_job_number}: the ORCA job, live; with ?as_of= as it stood then, read-only. */
export function OrcaJobPage() {
  const { key = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const { id, job, missing, error } = useOrcaJob(key);

  if (error)
    return (
      <Alert color="red" title="The job could not be loaded">
        {errorText(error)}
      </Alert>
    );
  if (!id || missing) return <WaitMessage boxed />;
  if (asOf)
    return (
      <RecordAsOfView<JobDetail> record={jobRecord(id)} noun="job" asOf={asOf} onNow={() => setParams({})}>
        {(past) => (
          <Stack gap="xs">
            <SectionBar title={<JobTitle job={past} />} sections={orcaJobSections()} onJump={scrollToOrcaSection} label="Job sections" extra={<OrcaJobTotals job={past} />} />
            <Section id="details">
              <OrcaJobForm values={past} readOnly days={{ job: past.job_days_left, colour: past.job_days_colour, permit: past.permit_days_left }} />
            </Section>
            <OrcaJobSections job={past} readOnly />
          </Stack>
        )}
      </RecordAsOfView>
    );
  if (!job.data) return <WaitMessage boxed />;
  return <OrcaJobEditor key={id} job={job.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
}
