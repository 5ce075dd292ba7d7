/**
 * What each settings record's History button opens: where its history and past are read, what the
 * drawer calls it, and what it shows of the record as it stood then.
 */
import { svaCodes, type CatalogRecordDef, type FieldSpec } from '@trenchline/domain';
import type { StoodView } from '../../components/record/AsItStood';
import type { RecordRef } from '../../components/record/recordRef';
import { ACCOUNT_HISTORY_URL } from './api/cancelAccount';
import { counterHistoryUrl } from './api/listCounters';
import { SVA_RATE_SHEET_HISTORY_URL } from './api/svaRateSheet';
import { catalogRecordUrl, nounOf, settingsKey, type AccountSettings, type CatalogRow, type Counter, type SvaRateSheetDetail } from './api/types';
import { accountFieldsAsOf, catalogFieldsAsOf, catalogLinesAsOf, counterFieldsAsOf, sheetFieldsAsOf, sheetLinesAsOf } from './asItStood';

/** What the history drawer is showing: the record, what to call it, and how it stood then. */
export interface HistoryTarget {
  record: RecordRef;
  /** What the record is called, e.g. 'crew North Bore'. */
  title: string;
  fields?: FieldSpec[];
  view?: StoodView<never>;
}

/**
 * A settings record: its history is fetched fresh each time the drawer opens (catalog records change
 * without a 'settings' event); its past is cached for good outside ['settings', ...] and ['list', ...].
 */
const settingsRecord = (path: string, what: string, historyPath: string): RecordRef => ({
  path,
  historyPath,
  historyKey: [...settingsKey, 'history', historyPath],
  historyStaleTime: 0,
  asOfKey: ['as_of', 'settings', what],
});

export const accountHistory = (): HistoryTarget => ({
  record: settingsRecord('/api/settings/account/', 'account_settings', ACCOUNT_HISTORY_URL),
  title: 'the account',
  view: { fields: (a: AccountSettings) => accountFieldsAsOf(a) },
});

export const catalogHistory = (def: CatalogRecordDef, id: string, name: string): HistoryTarget => ({
  record: settingsRecord(catalogRecordUrl(def, id), `${def.aggregate}-${id}`, `${catalogRecordUrl(def, id)}history/`),
  title: `${nounOf(def)} ${name}`,
  fields: def.fields,
  view: { fields: (r: CatalogRow) => catalogFieldsAsOf(def, r), lines: (r: CatalogRow) => catalogLinesAsOf(def, r) },
});

export const svaRateSheetHistory = (): HistoryTarget => ({
  record: settingsRecord('/api/settings/jobs/sva_rate_sheet/', 'sva_rate_sheet', SVA_RATE_SHEET_HISTORY_URL),
  title: 'the SVA rate sheet',
  fields: svaCodes.fields,
  view: { fields: (s: SvaRateSheetDetail) => sheetFieldsAsOf(s), lines: (s: SvaRateSheetDetail) => sheetLinesAsOf(s) },
});

export const counterHistory = (counter: Pick<Counter, 'path' | 'label'>): HistoryTarget => ({
  record: settingsRecord(`/api/settings/current_number/${counter.path}/`, `counter:${counter.path}`, counterHistoryUrl(counter)),
  title: `the ${counter.label.toLowerCase()} number`,
  view: { fields: (c: Counter) => counterFieldsAsOf(c) },
});
