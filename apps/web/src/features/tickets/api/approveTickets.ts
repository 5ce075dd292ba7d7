import { http } from '../../../lib/http';
import { pageUrl, type ListFilter, type Page } from '../../../components/table/pagedList';
import { APPROVAL_BATCH, APPROVAL_PAGE, batches, idsOfPage } from '../listLogic';
import { TICKETS_PATH } from './listTickets';

/** GET /api/tickets/ticket_approvals/'s answer. */
export interface ApprovalAnswer {
  approved: string[];
  failed: { id: string; message: string }[];
  message: string;
}

/** Approve tickets by id (GET /api/tickets/ticket_approvals/?do=approve&ids=...), in batches the server takes. */
export async function approveTickets(ids: string[]): Promise<ApprovalAnswer> {
  const out: ApprovalAnswer = { approved: [], failed: [], message: '' };
  for (const batch of batches(ids, APPROVAL_BATCH)) {
    const a = await http.get<ApprovalAnswer>(`/api/tickets/ticket_approvals/?do=approve&ids=${batch.map(encodeURIComponent).join(',')}`);
    out.approved.push(...a.approved.map(String));
    out.failed.push(...a.failed);
    out.message = a.message;
  }
  return out;
}

/** Every id matching a list filter but those excepted ("all that match" sent as ids), read page by page. */
export async function matchingTicketIds(filter: ListFilter, except: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const p = await http.list<Page<{ id: string }>>(pageUrl(TICKETS_PATH, filter, null, page, APPROVAL_PAGE));
    ids.push(...idsOfPage(p.results, except));
    if (page * APPROVAL_PAGE >= p.count || !p.results.length) return ids;
  }
}
