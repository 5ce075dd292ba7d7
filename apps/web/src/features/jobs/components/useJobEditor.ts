import { useRecordEditor } from '../../../components/record/useRecordEditor';
import type { JobDetail } from '../api/getJob';
import { useRemoveJob } from '../api/removeJob';
import { useSaveJob } from '../api/saveJob';
import { jobFieldLabel } from '../fields';
import { jobFormLogic, toPayload } from '../formLogic';

/** Spec 2 section 8: '{job number} Saved successfully!', or without the number when it has none. */
const savedMessage = (answer?: { account_job_number?: unknown; job_number?: unknown }) => {
  const number = answer?.account_job_number || answer?.job_number;
  return number ? `${String(number)} Saved successfully!` : 'Saved successfully!';
};

/**
 * The editor of a job page (base or ORCA): the job's form rules, its save and delete, and the spec's
 * saved message; each page says what a delete says and where it goes, and an ORCA page what a failed save says.
 */
export function useJobEditor(job: JobDetail, o: { removedMessage: string; afterRemove: string; failed?: (e: unknown) => { notice: string; message: string } }) {
  return useRecordEditor({
    record: job,
    noun: 'job',
    logic: jobFormLogic,
    saveMutation: useSaveJob(),
    toPayload,
    savedMessage,
    fieldLabel: jobFieldLabel,
    removeMutation: useRemoveJob(),
    ...o,
  });
}
