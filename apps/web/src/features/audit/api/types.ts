/** The audit trail's contract (docs/audit-trail.md): its rows, its filter menus and the history check. */
import type { Page } from '../../../components/table/pagedList';

export const AUDIT_PATH = '/api/audit/';
export const AUDIT_AREAS_PATH = '/api/audit/areas/';
export const AUDIT_EXPORT_PATH = '/api/audit/export/';
export const AUDIT_VERIFY_PATH = '/api/audit/verify/';
/** The column chooser's list name (packages/domain LIST_NAMES) and the paged queries' name. */
export const AUDIT_LIST = 'audit';

export type Role = 'admin' | 'office' | 'field' | 'auditor';

/** One field an event changed; `line` names the line (its number or label) when it was a line's. */
export interface AuditChange {
  field: string;
  line: string | number | null;
  old: unknown;
  new: unknown;
}

/** One event of the account, newest first. */
export interface AuditRow {
  /** The event's position in the store: the row's id. */
  id: string;
  /** The event's place in the store's order: '<transaction>:<global>'. */
  position: string;
  at: string;
  user_id: string | null;
  user_name: string | null;
  role: Role | null;
  area: string;
  aggregate: string;
  record_id: string | null;
  record_number: string | null;
  record_title: string | null;
  /** The record's web path ('/job/123'), null when it has none. */
  record_path: string | null;
  type: string;
  summary: string;
  changes: AuditChange[];
}

export type AuditPage = Page<AuditRow>;

/** The filter menus' choices. */
export interface AuditAreas {
  areas: string[];
  types: string[];
}

/** GET /api/audit/verify/: the chain walked, and where it first broke if it did. */
export interface VerifyAnswer {
  ok: boolean;
  events_checked: number;
  anchors_checked?: number;
  /** position: '<transaction>:<global>'; stream null when an anchor no longer matches. */
  first_broken: null | { position: string; stream: string | null; reason: string };
}
