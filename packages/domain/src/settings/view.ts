/** Settings records as clients see them. */
import { linesOfCollection } from '../shared/collections.ts';
import { fileUrl } from '../shared/files.ts';
import type { AccountSettingsState } from './account-settings.ts';
import type { SvaRateSheetState } from './sva-rate-sheet.ts';
import type { DocumentCounterState } from './document-counter.ts';
import { documentKind, monthlyTotal, suggestedNumber, SUBSCRIPTION_CATALOG } from './rules.ts';
import { accountFiles, type AccountFilePurpose } from './collections.ts';
import { DEFAULT_TIME_ZONE } from '../shared/time-zones.ts';

/** The current file of a purpose, as the spec's `{url, file}` shape. */
export function accountFileOf(state: AccountSettingsState, purpose: AccountFilePurpose) {
  const f = linesOfCollection(state.lines, accountFiles).filter((l) => l.purpose === purpose).pop();
  return f ? { id: f.id, url: fileUrl(f), file: fileUrl(f), file_name: f.file_name ?? null, content_type: f.content_type ?? null, size: f.size ?? null } : { id: null, url: null, file: null, file_name: null, content_type: null, size: null };
}

export function subscriptionView(state: AccountSettingsState) {
  const items = SUBSCRIPTION_CATALOG.map((i) => ({ ...i, quantity: state.subscriptions[i.id] ?? 0, subscribed: (state.subscriptions[i.id] ?? 0) > 0 }));
  return { items, monthly_total: monthlyTotal(state.subscriptions) };
}

export function accountSettingsView(state: AccountSettingsState) {
  return {
    id: state.id!,
    background_picture: accountFileOf(state, 'background_picture'),
    training_video: accountFileOf(state, 'training_video'),
    ...subscriptionView(state),
    time_zone: state.time_zone ?? DEFAULT_TIME_ZONE,
    cancelled_at: state.cancelled_at,
    created_at: state.created_at,
    last_updated: state.last_updated,
  };
}

export function svaRateSheetView(state: SvaRateSheetState) {
  return { id: state.id!, code_count: Object.keys(state.lines.sva_codes ?? {}).length, last_import: state.last_import, created_at: state.created_at, last_updated: state.last_updated };
}

export function documentCounterView(state: DocumentCounterState) {
  const k = documentKind(state.kind ?? '');
  return {
    id: state.id!,
    kind: state.kind,
    path: k?.path ?? state.kind,
    label: k?.label ?? state.kind,
    number: state.number,
    highest_issued: state.highest_issued,
    suggested_number: suggestedNumber(state.number),
    last_updated: state.last_updated,
  };
}
