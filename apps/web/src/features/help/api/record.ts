import { recordCalls } from '../../../components/record/api/recordCalls';
import { helpKey, helpStream, helpUrl, pagedHelpKey, type HelpTicketDetail, type HelpTicketValues } from './types';

/**
 * A help ticket's generic requests (components/record/api): GET (with its updates and files), PUT
 * (closing it, either status Closed, answers it archived) and DELETE /api/help/{id}/; POST /api/help/
 * (201): New in all three statuses, the caller its submitter.
 */
export const helpCalls = recordCalls<HelpTicketDetail, HelpTicketValues>({ url: helpUrl, key: helpKey, stream: helpStream, create: { path: '/api/help/', listKey: pagedHelpKey } });
