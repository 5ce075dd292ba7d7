/** What the locates area declares; packages/domain/src/registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { locateDecider, type LocateState } from './locate.ts';
import { locateSettingsDecider, locateSettingsView, type LocateSettingsState } from './locate-settings.ts';
import { locateCollections, locateHolidays } from './collections.ts';
import { locateView, withLocateDays } from './view.ts';
import { locatesReport } from './reports.ts';

// stateSchema 2: the state keeps its last re-up (`last_reup`, issue 29); snapshots folded before it are ignored.
export const locateAggregate = { name: 'locate', label: 'Locate', decider: locateDecider, view: locateView, listRow: withLocateDays, list: 'locates', stateSchema: 2 } satisfies AggregateDef<LocateState>;

const locateSettingsAggregate: AggregateDef<LocateSettingsState> = {
  name: 'locate_settings', label: 'Locate settings', decider: locateSettingsDecider, view: (s) => locateSettingsView(s), listRow: sameRow, singleton: true,
};

export const locatesArea: Area = { aggregates: [locateAggregate, locateSettingsAggregate], collections: [...locateCollections, locateHolidays], reports: [locatesReport] };
