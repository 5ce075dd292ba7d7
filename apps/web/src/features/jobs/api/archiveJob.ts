import type { QueryClient } from '@tanstack/react-query';
import { applyRowEvent } from '../../../lib/realtime';
import { jobKey, type JobValues } from './getJob';
import { jobRowOf, saveJob } from './saveJob';

/** PUT only the given fields of a job (archived, the PO data): a concurrent edit of another field is kept. */
export async function saveJobFields(qc: QueryClient, id: string, values: Partial<JobValues>) {
  const answer = await saveJob({ id, values });
  // The lists show the row at once; an active-only list drops an archived row (realtime.ts matches it against the list's filter).
  if (answer?.id) applyRowEvent(qc, { list: 'jobs', op: 'upsert', id: answer.id, row: jobRowOf(answer) });
  void qc.invalidateQueries({ queryKey: jobKey(id) });
  return answer;
}

/** Archive one job of a bulk archive: PUT { archived: true } (spec 2 section 4). */
export const archiveJob = async (qc: QueryClient, id: string) => {
  await saveJobFields(qc, id, { archived: true });
};
