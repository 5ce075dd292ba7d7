import type { CatalogItem, CatalogRecordDef, HistoryEntry, Line, Role, SvaImportPlan } from '@trenchline/domain';

/**
 * Query keys of the settings screen. Catalog lists follow lib/realtime.ts (['list', list, filter]) so
 * live row events patch them in place; everything else sits under ['settings', ...] and is refetched
 * when the account's one-of records change (a 'settings' row event).
 */
export const settingsKey = ['settings'] as const;

/** A catalog record as listed: every declared field (null when unset) with its dates and version. */
export type CatalogRow = Line & { version?: number; created_at?: string | null; last_updated?: string | null };

/** A write's answer: the record with its new version and the event's position. */
export type WriteAnswer<T> = T & { version?: number; position?: string | number };

/** A record's label inside a sentence: 'Crew' -> 'crew', but 'SVA coordinator' keeps its capitals. */
export const nounOf = (def: CatalogRecordDef) => (/^[A-Z][a-z]/.test(def.label) ? def.label[0].toLowerCase() + def.label.slice(1) : def.label);

export const hasActiveField = (def: CatalogRecordDef) => def.fields.some((f) => f.name === 'active');

/** The list's filter in row terms: active records only, unless the user shows inactive ones too. */
export const catalogFilter = (def: CatalogRecordDef, all: boolean): Record<string, unknown> =>
  hasActiveField(def) && !all ? { active: true } : {};

export const catalogKey = (def: CatalogRecordDef, all: boolean) => ['list', def.list, catalogFilter(def, all)] as const;

export const catalogUrl = (def: CatalogRecordDef) => `/api${def.path}/`;
export const catalogRecordUrl = (def: CatalogRecordDef, id: string) => `/api${def.path}/${encodeURIComponent(id)}/`;

/** A catalog answer as a list row (the write's event position left out). */
export function rowOf<T extends { position?: unknown }>(answer: T): Omit<T, 'position'> {
  const { position: _p, ...row } = answer;
  return row;
}

export type SettingsHistoryEntry = Omit<HistoryEntry, 'user_id'> & { user_id?: string };


/** One document counter (GET /api/settings/current_number/). */
export interface Counter {
  id: string;
  kind: string;
  path: string;
  label: string;
  number: number;
  highest_issued: number;
  suggested_number: number;
  version?: number;
  last_updated?: string | null;
}

/** The background picture and the training video: one file each. */
export interface AccountFile {
  id: string | null;
  url: string | null;
  file: string | null;
  file_name: string | null;
  content_type: string | null;
  size: number | null;
}

export interface SvaCode {
  id: string;
  code: string;
  description: string | null;
  uom: string | null;
  rate: number | null;
  provisions: string | null;
}

export interface SvaRateSheet {
  id: string;
  code_count: number;
  last_import: { at: string; by: string; file_name: string | null; added: number; updated: number; unchanged: number } | null;
}

/** The sheet with its codes, as GET /api/settings/jobs/sva_rate_sheet/ answers it (codes under their route segment). */
export type SvaRateSheetDetail = SvaRateSheet & { sva_codes?: SvaCode[]; codes?: SvaCode[] };

export type SvaPlan = SvaImportPlan;

/** A catalogue item (the domain's declaration) with the account's quantity. */
export type SubscriptionItem = CatalogItem & { quantity: number; subscribed: boolean };

/** The account's settings record (GET /api/settings/account/): its files, subscriptions and cancellation. */
export interface AccountSettings {
  id: string;
  background_picture: AccountFile;
  training_video: AccountFile;
  items: SubscriptionItem[];
  monthly_total: number;
  cancelled_at: string | null;
  created_at?: string | null;
  last_updated?: string | null;
}

export interface SubscriptionCatalog {
  items: SubscriptionItem[];
  monthly_total: number;
  cancelled_at: string | null;
  version?: number;
}

export interface AccountUser {
  id: string;
  display_name: string;
  first_name?: string | null;
  last_name?: string | null;
  email: string;
  active: boolean;
  role: Role;
  created_at?: string | null;
}

export interface How2Tip {
  id: number;
  page: string;
  title: string;
  body: string;
  opted_out: boolean;
}

/** One thing a user did in an app (POST /api/settings/user_app_activities/). */
export type UserAppActivity = Record<string, unknown> & { id: string | number };
