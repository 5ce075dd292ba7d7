/** The shapes of the help calls (docs/help.md), their cache keys and paths. */
import type { HelpTicketFields, Line } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every editable help ticket field, null when never set (the API always sends the full shape). */
export type HelpTicketValues = RecordValues<HelpTicketFields>;

/** A help ticket as the API answers it everywhere (detail, list rows, live rows). */
export type HelpTicketView = HelpTicketValues & {
  id: string;
  version?: number;
  submitted_by: string | null;
  submitted_by_name: string | null;
  created_at: string | null;
  last_updated: string | null;
  last_updated_by: string | null;
  update_count: number;
  file_count: number;
  latest_update: { text: string; by: string | null; at: string | null; status: string | null } | null;
  awaiting: 'office' | 'submitter' | null;
};

/** A row of GET /api/help/ (and of live 'row' events of the 'help_tickets' room). */
export type HelpTicketRow = HelpTicketView;

/** An update on a ticket (GET/POST /api/help/{id}/updates/). */
export type HelpUpdate = Line & { update?: string | null; update_status?: string | null; created_by?: string | null; created_date?: string | null };

/** A file attached to a ticket; `file` is its download URL. */
export type HelpFile = Line & { file_name?: string | null; file_type?: string | null; file?: string | null; uploaded_by?: string | null; uploaded_at?: string | null; size?: number | null };

/** GET /api/help/{id}/: the ticket with its updates and files. */
export type HelpTicketDetail = HelpTicketView & {
  version: number;
  position?: string | number;
  updates: HelpUpdate[];
  files: HelpFile[];
};

/** GET /api/help/awaiting/count/: the open tickets awaiting the caller. */
export interface AwaitingCount {
  count: number;
  office: number;
  submitter: number;
}

export const HELP_LIST = 'help_tickets';
export const pagedHelpKey = () => ['paged', HELP_LIST] as const;
export const awaitingCountKey = ['help', 'awaiting_count'] as const;
export const searchDatesKey = ['help', 'search_dates'] as const;
export const trainingVideoKey = ['help', 'training_video'] as const;

export const helpStream = (id: string) => `help_ticket-${id}`;
export const helpKey = (id: string) => ['record', helpStream(id)] as const;
export const helpUrl = (id: string) => `/api/help/${encodeURIComponent(id)}/`;
export const helpPath = (id: string) => `/help/${encodeURIComponent(id)}`;
export const HELP_LIST_PATH_WEB = '/help/';
