/** What the locates area declares; packages/domain/src/registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { locateDecider, type LocateState } from './locate.ts';
import { locateSettingsDecider, locateSettingsView, type LocateSettingsState } from './locate-settings.ts';
import { locateCollections, locateHolidays } from './collections.ts';
import { locateView, withLocateDays } from './view.ts';
import { locatesReport } from './reports.ts';
import { bulkEntryNamed, type BulkListDecl } from '../shared/bulk-lists.ts';

// stateSchema 2: the state keeps its last re-up (`last_reup`, issue 29); snapshots folded before it are ignored.
export const locateAggregate = { name: 'locate', label: 'Locate', decider: locateDecider, view: locateView, listRow: withLocateDays, list: 'locates', shownAs: { number: 'current_ticket_number', title: 'customer', page: '/locate/:id' }, stateSchema: 2 } satisfies AggregateDef<LocateState>;

const locateSettingsAggregate: AggregateDef<LocateSettingsState> = {
  name: 'locate_settings', label: 'Locate settings', decider: locateSettingsDecider, view: (s) => locateSettingsView(s), listRow: sameRow, singleton: true,
};

// The locate list and the expiring view: a re-up of each is one LocateReUpped (the worker gives it today and the account's rules).
const locateBulk: BulkListDecl = { aggregate: 'locate', reports: { locates: locatesReport.name }, zipPrefix: 'Locate', entryPrefix: bulkEntryNamed('current_ticket_number', 'Locate'), actions: ['archive', 'delete', 'report', 'reup'] };

export const locatesArea: Area = {
  aggregates: [locateAggregate, locateSettingsAggregate],
  collections: [...locateCollections, locateHolidays],
  reports: [locatesReport],
  bulk: { locates: locateBulk, expiring_locates: locateBulk },
};
