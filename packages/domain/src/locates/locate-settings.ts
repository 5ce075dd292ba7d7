/**
 * The account's locate rules (Settings > Locates): ticket life in calendar or working days, the wait
 * before a re-up's work date, the re-up lead time, and the holidays a working-day life skips. One
 * record per account, opened on first use with its defaults (the spec's rules).
 */
import { type Decider } from '../shared/decider.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import { type LocateSettingsCommand, type LocateSettingsFields, locateSettingsFields } from './commands.ts';
import type { LocateSettingsEvent } from './events.ts';
import { locateHolidays } from './collections.ts';
import { DEFAULT_LOCATE_RULES, type LocateRules } from './rules.ts';

export type LocateSettingsState = RecordState<LocateSettingsFields>;

const { holidays: _none, ...defaults } = DEFAULT_LOCATE_RULES;

export const locateSettingsDecider: Decider<LocateSettingsState, LocateSettingsCommand, LocateSettingsEvent> = recordDecider<LocateSettingsState, LocateSettingsCommand, LocateSettingsEvent>({
  aggregate: 'locate_settings',
  label: 'Locate settings',
  collections: [locateHolidays],
  // Opened by the API on first use (a one-per-account record); never deleted.
  commands: { create: 'OpenRecord', revise: 'ReviseLocateSettings', delete: 'DeleteLocateSettings' },
  idField: 'id',
  events: { created: 'LocateSettingsOpened', revised: 'LocateSettingsRevised', deleted: 'LocateSettingsDeleted' },
  created: (values) => locateSettingsFields.parse({ ...defaults, ...values }),
  // A field sent empty keeps the spec's default rather than leaving the rule without a value.
  revised: (values) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? defaults[k as keyof typeof defaults] : v])),
});

/** The rules the date rules and the watch apply, from the account's record (its defaults before any edit). */
export function locateRulesOf(state: Pick<LocateSettingsState, 'fields' | 'lines'> | null | undefined): LocateRules {
  const f = (state?.fields ?? {}) as Partial<LocateSettingsFields>;
  const holidays = state ? linesOfCollection(state.lines, locateHolidays).map((h) => h.date).filter((d): d is string => typeof d === 'string') : [];
  return {
    ticket_life_days: Number(f.ticket_life_days ?? DEFAULT_LOCATE_RULES.ticket_life_days),
    ticket_life_basis: f.ticket_life_basis ?? DEFAULT_LOCATE_RULES.ticket_life_basis,
    work_wait_days: Number(f.work_wait_days ?? DEFAULT_LOCATE_RULES.work_wait_days),
    reup_lead_days: Number(f.reup_lead_days ?? DEFAULT_LOCATE_RULES.reup_lead_days),
    holidays,
  };
}

/** The settings as Settings shows them: the rules and the holidays. */
export function locateSettingsView(state: LocateSettingsState) {
  const rules = locateRulesOf(state);
  return { id: state.id!, ...rules, holidays: linesOfCollection(state.lines, locateHolidays), last_updated: state.last_updated, last_updated_by: state.last_updated_by ?? null };
}
