import { describe, expect, it } from 'vitest';
import { listPreferencesDecider, listPreferencesKey, listPreferencesView } from './list-preferences.ts';
import { given, refusedWith } from '../shared/testing.ts';

const opened = { type: 'ListPreferencesOpened' as const, data: { id: '40', key: listPreferencesKey('projects', '7') } };

describe('list preferences', () => {
  it('given none, when opened, then keyed by list and user; opening again does nothing', () => {
    expect(given(listPreferencesDecider, []).when({ type: 'OpenRecord', id: '40', key: 'projects:user:7' })).toEqual([opened]);
    expect(given(listPreferencesDecider, [opened]).when({ type: 'OpenRecord', id: '40', key: 'projects:user:7' })).toEqual([]);
  });

  it('given saved dates, when saved again with one change, then only that change is recorded and the view keeps the rest', () => {
    const g = given(listPreferencesDecider, [opened, { type: 'ListPreferencesSaved', data: { changes: { start_date: { old: null, new: '2026-11-01' }, archived: { old: null, new: true } } } }]);
    const { events, state } = g.then({ type: 'SaveListPreferences', values: { start_date: '2026-11-01', archived: false } });
    expect(events).toEqual([{ type: 'ListPreferencesSaved', data: { changes: { archived: { old: true, new: false } } } }]);
    expect(listPreferencesView(state, { active: true, archived: false, start_date: null })).toEqual({ active: true, archived: false, start_date: '2026-11-01' });
  });

  it('given none opened, when saved, then not_found', () => {
    expect(refusedWith(() => given(listPreferencesDecider, []).when({ type: 'SaveListPreferences', values: {} })).code).toBe('not_found');
  });
});
