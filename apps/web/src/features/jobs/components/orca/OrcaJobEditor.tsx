import type { JobDetail } from '../../api/getJob';
import { orcaJobSections, scrollToOrcaSection } from '../../orca/sections';
import { ORCA_LIST_PATH } from '../../orca/taskLines';
import { jobNumberOf } from '../JobDetailHeader';
import { JobEditorPage } from '../JobEditorPage';
import { Section } from '../JobSections';
import { OrcaJobForm } from './OrcaJobForm';
import { OrcaJobTotals } from './OrcaHeader';
import { OrcaJobSections } from './OrcaSections';

/** Spec 2 section 8: what a failed ORCA save says. */
export const ORCA_SAVE_FAILED = 'error experienced';

/** A failed ORCA save: the spec's words in the message box, the server's reason in the notice. */
export const orcaFailed = (e: unknown) => ({ notice: `${ORCA_SAVE_FAILED}: ${e instanceof Error ? e.message : String(e)}`, message: ORCA_SAVE_FAILED });

/** The live ORCA job: its fields with the ORCA lists, its totals, CIBE lines, permits and tasks, and its actions. */
export function OrcaJobEditor({ job, onAsOf }: { job: JobDetail; onAsOf: (iso: string) => void }) {
  return (
    <JobEditorPage
      job={job}
      onAsOf={onAsOf}
      options={{ removedMessage: `Orca job ${jobNumberOf(job)} deleted`, afterRemove: ORCA_LIST_PATH, failed: orcaFailed }}
      sections={orcaJobSections()}
      onJump={scrollToOrcaSection}
      extra={<OrcaJobTotals job={job} />}
    >
      {(formProps) => (
        <>
          <Section id="details">
            <OrcaJobForm {...formProps} days={{ job: job.job_days_left, colour: job.job_days_colour, permit: job.permit_days_left }} />
          </Section>
          <OrcaJobSections job={job} />
        </>
      )}
    </JobEditorPage>
  );
}
