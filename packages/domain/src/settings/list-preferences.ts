/**
 * One user's preferences for one list (the project list's and the job list's search dates and
 * toggles): a record per user and list, opened on first use, so each change is kept with who and when.
 */
import { applyChanges, diff, hasChanges, type Changes } from '../shared/changes.ts';
import { assertNever, DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';
import type { OpenRecord } from './commands.ts';

export interface ListPreferencesState {
  id: string | null;
  deleted: boolean;
  /** '<list>:user:<userId>', e.g. 'projects:user:7'. */
  key: string | null;
  values: Record<string, unknown>;
  last_updated: string | null;
}

export type ListPreferencesCommand = OpenRecord | { type: 'SaveListPreferences'; values: Record<string, unknown> };
export type ListPreferencesOpened = DomainEvent<'ListPreferencesOpened', { id: string; key: string }>;
export type ListPreferencesSaved = DomainEvent<'ListPreferencesSaved', { changes: Changes }>;
export type ListPreferencesEvent = ListPreferencesOpened | ListPreferencesSaved;

/** The key of a user's preferences for a list. */
export const listPreferencesKey = (list: string, userId: string) => `${list}:user:${userId}`;

export const initialListPreferencesState: ListPreferencesState = { id: null, deleted: false, key: null, values: {}, last_updated: null };

export const listPreferencesDecider: Decider<ListPreferencesState, ListPreferencesCommand, ListPreferencesEvent> = {
  aggregate: 'list_preferences',
  initialState: initialListPreferencesState,
  decide(command, state) {
    switch (command.type) {
      case 'OpenRecord':
        return state.id ? [] : [{ type: 'ListPreferencesOpened', data: { id: command.id, key: command.key ?? '' } }];
      case 'SaveListPreferences': {
        if (!state.id) throw new DomainError('not_found', 'Preferences not found');
        const changes = diff(state.values, command.values);
        return hasChanges(changes) ? [{ type: 'ListPreferencesSaved', data: { changes } }] : [];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    switch (event.type) {
      case 'ListPreferencesOpened':
        return { ...touched, id: event.data.id, key: event.data.key };
      case 'ListPreferencesSaved':
        return { ...touched, values: applyChanges(state.values, event.data.changes) };
      default:
        return state;
    }
  },
};

/** The saved values over the list's defaults. */
export const listPreferencesView = (state: ListPreferencesState, defaults: Record<string, unknown>) => ({ ...defaults, ...state.values });
