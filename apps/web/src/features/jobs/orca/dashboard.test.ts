import { describe, expect, it } from 'vitest';
import {
  bulkFilterOf,
  changedByText,
  changedRecently,
  changedState,
  daysColour,
  DEFAULT_DASHBOARD_PREFS,
  dashboardFilter,
  dashboardPrefsOf,
  deletedMessage,
  firstIndexOfPage,
  MAX_PREF_IDS,
  pageOfIndex,
  prefsOfSelection,
  prefsOfSort,
  publicColumns,
  selectionOfPrefs,
  sortOfPrefs,
} from './dashboard';

describe('the ORCA dashboard preferences', () => {
  it('given nothing saved, when read, then the contract defaults: newest first, active, page 1, nothing selected', () => {
    const p = dashboardPrefsOf({});
    expect(p).toEqual(DEFAULT_DASHBOARD_PREFS);
    expect(sortOfPrefs(p)).toEqual({ key: 'id', dir: 'desc' });
    expect(selectionOfPrefs(p).ids.size).toBe(0);
  });

  it('given a saved set with numeric ids and a string page, when read, then ids are strings and odd values take defaults', () => {
    const p = dashboardPrefsOf({ selected_job_ids: [4, '7', null], page_number: '3', sortType: 'title', sortReverse: false, findbox: 'main st', start_date: '2026-01-01T00:00:00Z', archived: true });
    expect(p.selected_job_ids).toEqual(['4', '7']);
    expect(p.page_number).toBe(3);
    expect(p.start_date).toBe('2026-01-01');
    expect(sortOfPrefs(p)).toEqual({ key: 'title', dir: 'asc' });
    expect(dashboardPrefsOf({ page_number: 0 }).page_number).toBe(1);
  });

  it('given a sort, when saved and read back, then it is the same sort', () => {
    const s = { key: 'total_job', dir: 'desc' as const };
    expect(sortOfPrefs(prefsOfSort(s))).toEqual(s);
  });

  it('given select all less two rows, when saved and read back, then the same selection; ids lists are cut to what the server keeps', () => {
    const all = { all: true, ids: new Set<string>(), except: new Set(['3', '9']) };
    const saved = prefsOfSelection(all);
    expect(saved).toEqual({ select_all: true, selected_job_ids: [], deselected_job_ids: ['3', '9'] });
    expect(selectionOfPrefs(saved)).toEqual(all);
    const many = { all: false, ids: new Set(Array.from({ length: 1500 }, (_, i) => String(i))), except: new Set<string>() };
    expect(prefsOfSelection(many).selected_job_ids).toHaveLength(MAX_PREF_IDS);
  });

  it('given the dashboard state, when one thing changed, then only it is sent', () => {
    const saved = { findbox: '', page_number: 1, sortType: '', sortReverse: true, select_all: false, selected_job_ids: [], deselected_job_ids: [] };
    expect(changedState(saved, { ...saved })).toEqual({});
    expect(changedState(saved, { ...saved, page_number: 2, selected_job_ids: ['5'] })).toEqual({ page_number: 2, selected_job_ids: ['5'] });
  });
});

describe('the ORCA dashboard list query', () => {
  it('given the toggles and a range, when asked, then they and an empty find box are sent explicitly; neither toggle asks for nothing', () => {
    const p = { ...DEFAULT_DASHBOARD_PREFS, start_date: '2026-01-01', end_date: '2026-01-31', live_and_future: true };
    expect(dashboardFilter(p)).toEqual({ active: 't', archived: 'f', live_and_future: 't', start_date: '2026-01-01', end_date: '2026-01-31', q: '' });
    expect(dashboardFilter({ ...p, active: false })).toBeNull();
  });

  it('given find box words, when a bulk action sends the filter, then q carries them', () => {
    expect(bulkFilterOf(DEFAULT_DASHBOARD_PREFS, '  main   st ')).toEqual({ active: 't', archived: 'f', live_and_future: 'f', q: 'main st' });
  });

  it('given row indexes, when paged by 100, then the page and its first row', () => {
    expect(pageOfIndex(0)).toBe(1);
    expect(pageOfIndex(99)).toBe(1);
    expect(pageOfIndex(100)).toBe(2);
    expect(firstIndexOfPage(2)).toBe(100);
    expect(firstIndexOfPage(0)).toBe(0);
  });
});

describe('the ORCA dashboard rows', () => {
  it('given public mode, when the columns are chosen, then the money columns are hidden', () => {
    const cols = ['title', 'CIBE_job_grand_total_difference', 'total_job', 'total_job_invoiced_actual', 'total_gross_profit', 'crew_string'].map((key) => ({ key }));
    expect(publicColumns(cols, true).map((c) => c.key)).toEqual(['title', 'crew_string']);
    expect(publicColumns(cols, false)).toHaveLength(6);
  });

  it('given days left, when coloured, then red under 4 and orange under 7', () => {
    expect([-2, 3, 4, 6, 7, null].map(daysColour)).toEqual(['red', 'red', 'orange', 'orange', null, null]);
  });

  it('given a bulk delete, when done, then one job is named and many are "Selected jobs deleted"', () => {
    expect(deletedMessage(1, '1042')).toBe('Orca job 1042 deleted');
    expect(deletedMessage(3, null)).toBe('Selected jobs deleted');
  });

  it('given a change two minutes ago by Pat Office, when told, then "changed by Pat Office, 2 min ago"; after five minutes nothing', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(changedByText('Pat Office', '2026-11-24T11:58:00Z', now)).toBe('changed by Pat Office, 2 min ago');
    expect(changedByText('Pat Office', '2026-11-24T11:59:40Z', now)).toBe('changed by Pat Office, just now');
    expect(changedByText('Pat Office', '2026-11-24T11:54:00Z', now)).toBeNull();
    expect(changedByText(null, '2026-11-24T11:59:00Z', now)).toBeNull();
    expect(changedRecently('not a date', now)).toBe(false);
  });
});
