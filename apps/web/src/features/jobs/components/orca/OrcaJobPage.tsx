import { Stack } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { RecordAsOfView } from '../../../../components/record/AsOfControl';
import { SectionBar } from '../../../../components/record/SectionBar';
import { jobRecord, type JobDetail } from '../../api/getJob';
import { orcaJobSections, scrollToOrcaSection } from '../../orca/sections';
import { ORCA_LIST_PATH } from '../../orca/taskLines';
import { JobTitle } from '../JobDetailHeader';
import { Section } from '../JobSections';
import { useJobPage } from '../useJobPage';
import { OrcaJobEditor } from './OrcaJobEditor';
import { OrcaJobForm } from './OrcaJobForm';
import { OrcaJobTotals } from './OrcaHeader';
import { OrcaJobSections } from './OrcaSections';

/** /job/orca/{account_job_number}: the ORCA job, live; with ?as_of= as it stood then, read-only. */
export function OrcaJobPage() {
  const { id, job, waiting, asOf, showAsOf, showNow } = useJobPage(ORCA_LIST_PATH);
  if (waiting || !id) return waiting;
  if (asOf)
    return (
      <RecordAsOfView<JobDetail> record={jobRecord(id)} noun="job" asOf={asOf} onNow={showNow}>
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
  return <OrcaJobEditor key={id} job={job.data} onAsOf={showAsOf} />;
}
