import { Stack } from '@mantine/core';
import { RecordEditorNotices } from '../../../../components/record/EditorNotices';
import { RecordEditorActions } from '../../../../components/record/RecordEditorActions';
import { SectionBar } from '../../../../components/record/SectionBar';
import { jobRecord, type JobDetail } from '../../api/getJob';
import { jobFieldLabel } from '../../fields';
import { orcaJobSections, scrollToOrcaSection } from '../../orca/sections';
import { ORCA_LIST_PATH } from '../../orca/taskLines';
import { jobNumberOf, JobTitle } from '../JobDetailHeader';
import { Section } from '../JobSections';
import { useJobEditor } from '../useJobEditor';
import { OrcaJobForm } from './OrcaJobForm';
import { OrcaJobTotals } from './OrcaHeader';
import { OrcaJobSections } from './OrcaSections';

/** Spec 2 section 8: what a failed ORCA save says. */
export const ORCA_SAVE_FAILED = 'error experienced';

/** A failed ORCA save: the spec's words in the message box, the server's reason in the notice. */
export const orcaFailed = (e: unknown) => ({ notice: `${ORCA_SAVE_FAILED}: ${e instanceof Error ? e.message : String(e)}`, message: ORCA_SAVE_FAILED });

/** The live ORCA job: its fields with the ORCA lists, its totals, CIBE lines, permits and tasks, and its actions. */
export function OrcaJobEditor({ job, onAsOf }: { job: JobDetail; onAsOf: (iso: string) => void }) {
  const editor = useJobEditor(job, { removedMessage: `Orca job ${jobNumberOf(job)} deleted`, afterRemove: ORCA_LIST_PATH, failed: orcaFailed });
  const { form } = editor;
  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <SectionBar title={<JobTitle job={job} />} sections={orcaJobSections()} onJump={scrollToOrcaSection} label="Job sections" extra={<OrcaJobTotals job={job} />}>
        <RecordEditorActions editor={editor} noun="job" record={jobRecord(job.id)} fieldLabel={jobFieldLabel} onAsOf={onAsOf} />
      </SectionBar>
      <RecordEditorNotices editor={editor} noun="job" record={job} fieldLabel={jobFieldLabel} />
      <Section id="details">
        <OrcaJobForm
          values={state.draft}
          onChange={form.setField}
          errors={editor.fieldErrors}
          dirty={form.dirtyFields}
          days={{ job: job.job_days_left, colour: job.job_days_colour, permit: job.permit_days_left }}
          onEnter={() => void editor.save()}
        />
      </Section>
      <OrcaJobSections job={job} />
    </Stack>
  );
}
