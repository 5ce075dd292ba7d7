/** The shapes of the sales tracker's calls, their cache keys and where an organization lives (API and screen). */
import type { Line, SalesOrganizationFields } from '@trenchline/domain';
import type { RecordValues } from '../../../components/record/recordValues';

/** Every field of an organization, null when never set (the API always sends the full shape). */
export type SalesValues = RecordValues<SalesOrganizationFields>;

/** An organization as the API answers it everywhere (detail and list rows): its fields and what it computes. */
export type SalesView = SalesValues & {
  id: string;
  version?: number;
  colour_background: string | null;
  contact_count: number;
  primary_contact: string | null;
  primary_phone: string | null;
  call_count: number;
  meeting_count: number;
  email_count: number;
  activity_hours: number;
  last_contacted: string | null;
  created_at: string | null;
  last_updated: string | null;
  last_updated_by: string | null;
};

/** A row of GET /api/sales/organizations/ (and of live 'row' events of the 'sales_organizations' room). */
export type SalesRow = SalesView;

/** GET /api/sales/organizations/{id}/: the organization with its lines, each under its kind. */
export type SalesDetail = SalesView & {
  version: number;
  position?: string | number;
  locations?: Line[];
  surveys?: Line[];
  contacts?: Line[];
  emails?: Line[];
  phonecalls?: Line[];
  meetings?: Line[];
  sales_activities?: Line[];
};

/** GET /api/sales/activities/weekly/?week=: each user's hours per day (Monday to Sunday) and the week's total. */
export interface WeeklyHours {
  week: string;
  days: string[];
  users: { user: string; days: number[]; total: number }[];
}

export const salesStream = (id: string) => `sales_organization-${id}`;
export const salesKey = (id: string) => ['record', salesStream(id)] as const;
export const salesUrl = (id: string) => `/api/sales/organizations/${encodeURIComponent(id)}/`;
export const salesPath = (id: string) => `/sales/${encodeURIComponent(id)}`;
export const SALES_HOURS_PATH = '/sales/hours/';

/** Every cached page of the organization list (the 'sales_organizations' room). */
export const SALES_LIST = 'sales_organizations';
export const SALES_LIST_PATH = '/api/sales/organizations/';
export const pagedSalesKey = () => ['paged', SALES_LIST] as const;
export const searchDatesKey = ['sales', 'search_dates'] as const;
export const weeklyKey = (week: string) => ['sales', 'weekly', week] as const;
