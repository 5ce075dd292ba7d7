/**
 * What the settings area declares: the account's one-of records (settings, SVA rate sheet, document
 * counters), each user's app activity log, the catalogs and their collections; packages/domain/src/registry.ts composes every area.
 */
import { catalogAggregate, sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { accountSettingsDecider, type AccountSettingsState } from './account-settings.ts';
import { svaRateSheetDecider, type SvaRateSheetState } from './sva-rate-sheet.ts';
import { documentCounterDecider, type DocumentCounterState } from './document-counter.ts';
import { accountSettingsView, documentCounterView, svaRateSheetView } from './view.ts';
import { crews, customers, products, rawMaterials, svaCoordinators, vendors } from './catalogs.ts';
import { userActivityAggregate } from './user-activity.ts';
import { accountFiles, productRawMaterials, svaCodes } from './collections.ts';

export const settingsCatalogs = [crews, customers, vendors, rawMaterials, products, svaCoordinators];

const accountSettingsAggregate: AggregateDef<AccountSettingsState> = {
  name: 'account_settings', label: 'Settings', decider: accountSettingsDecider, view: (s) => accountSettingsView(s), listRow: sameRow, singleton: true,
};
const svaRateSheetAggregate: AggregateDef<SvaRateSheetState> = {
  name: 'sva_rate_sheet', label: 'SVA rate sheet', decider: svaRateSheetDecider, view: (s) => svaRateSheetView(s), listRow: sameRow, singleton: true,
};
const documentCounterAggregate: AggregateDef<DocumentCounterState> = {
  name: 'document_counter', label: 'Counter', decider: documentCounterDecider, view: (s) => documentCounterView(s), listRow: sameRow, singleton: true, snapshot: true,
  fieldsOf: (s) => ({ number: s.number }),
  // The job counter passes by numbers jobs hold already (typed by hand): a job number is one job.
  skipsClaimed: (s) => (s.kind === 'job' ? { scope: 'job', after: s.number } : null),
};

export const settingsArea: Area = {
  aggregates: [accountSettingsAggregate, svaRateSheetAggregate, documentCounterAggregate, userActivityAggregate, ...settingsCatalogs.map(catalogAggregate)],
  collections: [productRawMaterials, svaCodes, accountFiles],
  catalogs: settingsCatalogs,
};
