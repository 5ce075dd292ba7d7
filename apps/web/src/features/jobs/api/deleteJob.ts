import type { QueryClient } from '@tanstack/react-query';
import { applyRowEvent } from '../../../lib/realtime';
import { jobKey } from './getJob';
import { removeJob } from './removeJob';

/** Delete one job of a bulk delete: the row leaves every cached job list, and its record cache goes. */
export async function deleteListedJob(qc: QueryClient, id: string) {
  await removeJob(id);
  applyRowEvent(qc, { list: 'jobs', op: 'remove', id });
  qc.removeQueries({ queryKey: jobKey(id) });
}
