/** The notifications' contract (docs/notifications.md): a user's notifications, their channels, the account's N. */
import type { NotificationChannel, NotificationKind, NotificationPreferences } from '@trenchline/domain';

export const NOTIFICATIONS_PATH = '/api/notifications/';
/** The column chooser's list name (packages/domain LIST_NAMES) and the paged queries' name. */
export const NOTIFICATIONS_LIST = 'notifications';
export const NOTIFICATIONS_PAGE = '/notifications/';

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  record: { aggregate: string; id: string; number: string | null };
  created_at: string;
  read_at: string | null;
  read: boolean;
}

export interface NotificationRulesAnswer {
  id: string;
  version?: number;
  locate_working_days: number;
  permit_days: number;
  ticket_approval_days: number;
}

export type { NotificationChannel, NotificationKind, NotificationPreferences };

export const countKey = ['notifications', 'count'] as const;
export const latestKey = ['notifications', 'latest'] as const;
export const preferencesKey = ['notifications', 'preferences'] as const;
export const rulesKey = ['settings', 'notifications'] as const;
/** The page's paged queries (usePagedList keys them under ['paged', list]). */
export const pagedKey = ['paged', NOTIFICATIONS_LIST] as const;
