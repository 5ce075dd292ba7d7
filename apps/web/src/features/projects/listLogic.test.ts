import { describe, expect, it } from 'vitest';
import {
  changedPrefs,
  DATE_RANGE_PRESETS,
  DEFAULT_PREFS,
  DEFAULT_SORT,
  distanceMiles,
  filterProjects,
  haversineMiles,
  listQuery,
  parseRangeText,
  pickerPresets,
  prefsOf,
  presetLabel,
  presetOf,
  projectZipEntries,
  rangeOfPreset,
  rangeText,
  rowFilter,
  showMoney,
} from './listLogic';
import { sortRows } from '../../lib/listLogic';

describe('date-range presets', () => {
  const today = '2026-03-17';
  it('end today and reach back the preset\'s number of days, today included', () => {
    expect(rangeOfPreset('Today', today)).toEqual({ start_date: today, end_date: today });
    expect(rangeOfPreset('7 Days', today)).toEqual({ start_date: '2026-03-11', end_date: today });
    expect(rangeOfPreset('Two Weeks', today)).toEqual({ start_date: '2026-03-04', end_date: today });
    expect(rangeOfPreset('30 Days', today)).toEqual({ start_date: '2026-02-16', end_date: today });
    expect(rangeOfPreset('90 Days', today)).toEqual({ start_date: '2025-12-18', end_date: today });
    expect(rangeOfPreset('180 Days', today)).toEqual({ start_date: '2025-09-19', end_date: today });
  });
  it('This Month is the first to the last day of the month, leap years included', () => {
    expect(rangeOfPreset('This Month', today)).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(rangeOfPreset('This Month', '2028-02-10')).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
    expect(rangeOfPreset('This Month', '2026-12-31')).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
  });
  it('crosses a year boundary', () => {
    expect(rangeOfPreset('7 Days', '2026-01-03')).toEqual({ start_date: '2025-12-28', end_date: '2026-01-03' });
  });
  it('are offered in the spec\'s order with its words, and a range is recognised as its preset', () => {
    expect(DATE_RANGE_PRESETS).toEqual(['Today', 'Two Weeks', '7 Days', '30 Days', '90 Days', '180 Days', 'This Month']);
    expect(pickerPresets(today).map((p) => p.label)).toEqual(['Today', 'Two Weeks (14 days)', '7 Days', '30 Days', '90 Days', '180 Days', 'This Month']);
    expect(pickerPresets(today)[2].value).toEqual(['2026-03-11', today]);
    expect(presetLabel('7 Days')).toBe('7 Days');
    expect(presetOf({ start_date: '2026-03-04', end_date: today }, today)).toBe('Two Weeks');
    expect(presetOf({ start_date: '2026-03-05', end_date: today }, today)).toBeNull();
    expect(presetOf({ start_date: null, end_date: null }, today)).toBeNull();
  });
});

describe('the range text', () => {
  it('is "YYYY-MM-DD - YYYY-MM-DD" and splits back on " - "', () => {
    const r = { start_date: '2026-03-11', end_date: '2026-03-17' };
    expect(rangeText(r)).toBe('2026-03-11 - 2026-03-17');
    expect(parseRangeText(rangeText(r))).toEqual(r);
    expect(rangeText({ start_date: null, end_date: null })).toBe('');
  });
  it('takes a one-day text as a one-day range and ignores what is not a date', () => {
    expect(parseRangeText('2026-03-17')).toEqual({ start_date: '2026-03-17', end_date: '2026-03-17' });
    expect(parseRangeText('')).toEqual({ start_date: null, end_date: null });
    expect(parseRangeText('soon - later')).toEqual({ start_date: null, end_date: null });
  });
});

describe('list preferences', () => {
  it('default to active projects, no range, live & future and public mode off', () => {
    expect(prefsOf(null)).toEqual(DEFAULT_PREFS);
    expect(DEFAULT_PREFS).toEqual({ start_date: null, end_date: null, active: true, archived: false, live_and_future: false, public_mode: false });
    expect(prefsOf({ archived: true, start_date: '2026-03-01T00:00:00.000Z' })).toMatchObject({ archived: true, active: true, start_date: '2026-03-01' });
  });
  it('name what changed since the last refresh (non-empty lights Refresh)', () => {
    expect(changedPrefs(DEFAULT_PREFS, { ...DEFAULT_PREFS })).toEqual([]);
    expect(changedPrefs(DEFAULT_PREFS, { ...DEFAULT_PREFS, archived: true, start_date: '2026-03-01' })).toEqual(['start_date', 'archived']);
  });
  it('become the list request\'s query', () => {
    expect(listQuery(DEFAULT_PREFS)).toBe('active=t&archived=f&live_and_future=f');
    expect(listQuery({ ...DEFAULT_PREFS, archived: true, live_and_future: true, start_date: '2026-03-01', end_date: '2026-03-31' })).toBe(
      'active=t&archived=t&live_and_future=t&start_date=2026-03-01&end_date=2026-03-31',
    );
  });
  it('say which rows the list holds in row terms, for live updates', () => {
    expect(rowFilter({ active: true, archived: false })).toEqual({ archived: false });
    expect(rowFilter({ active: false, archived: true })).toEqual({ archived: true });
    expect(rowFilter({ active: true, archived: true })).toEqual({});
    expect(rowFilter({ active: false, archived: false })).toBeNull();
  });
});

describe('filter and sort', () => {
  const rows = [
    { id: '1', name: 'Main St bore', customer_names: 'AT&T', project_days_left: 9 },
    { id: '2', name: 'Oak Rd trench', customer_names: 'Lumen', project_days_left: null },
    { id: '3', name: 'Aerial lash', customer_names: 'AT&T, Lumen', project_days_left: -2 },
    { id: '4', name: 'River crossing', customer_names: null, project_days_left: 3 },
  ];
  it('sorts by days left ascending by default, no due date last', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'project_days_left', dir: 'asc' });
    expect(sortRows(rows, DEFAULT_SORT).map((r) => r.id)).toEqual(['3', '4', '1', '2']);
  });
  it('filters on every typed word anywhere in the row', () => {
    expect(filterProjects(rows, 'lumen').map((r) => r.id)).toEqual(['2', '3']);
    expect(filterProjects(rows, 'at&t aerial').map((r) => r.id)).toEqual(['3']);
    expect(filterProjects(rows, '')).toHaveLength(4);
  });
});

describe('distance from the device', () => {
  const tulsa = { latitude: 36.154, longitude: -95.9928 };
  const okc = { latitude: 35.4676, longitude: -97.5164 };
  it('is the great-circle distance in miles', () => {
    expect(haversineMiles(tulsa, tulsa)).toBe(0);
    // Tulsa to Oklahoma City is about 98 miles as the crow flies.
    expect(haversineMiles(tulsa, okc)).toBeGreaterThan(96);
    expect(haversineMiles(tulsa, okc)).toBeLessThan(100);
    // A quarter of the way round the earth at the equator.
    expect(haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(6218.4, 0);
  });
  it('goes to the project\'s location, rounded to a tenth; nothing without a position or coordinates', () => {
    expect(distanceMiles(tulsa, { latitude: '35.4676', longitude: -97.5164 })).toBeCloseTo(haversineMiles(tulsa, okc), 1);
    expect(String(distanceMiles(tulsa, okc))).toMatch(/^\d+(\.\d)?$/);
    expect(distanceMiles(null, okc)).toBeNull();
    expect(distanceMiles(tulsa, null)).toBeNull();
    expect(distanceMiles(tulsa, { latitude: null, longitude: -97 })).toBeNull();
    expect(distanceMiles(tulsa, { latitude: '', longitude: '' })).toBeNull();
  });
});

describe('bulk actions', () => {
  it('zip the selected visible projects\' bundles named after the project', () => {
    const bundle = (name: string) => ({ id: 'f', file: `/api/files/9/${name}`, file_name: name });
    const rows = [
      { id: '1', name: 'Main/St', pdf_bundle: bundle('b.pdf') },
      { id: '2', name: '', pdf_bundle: bundle('b.pdf') },
      { id: '3', name: 'No bundle', pdf_bundle: null },
    ];
    expect(projectZipEntries(rows, new Set(['3']))).toEqual([]);
    expect(projectZipEntries(rows, new Set(['1', '2', '3'])).map((e) => e.name)).toEqual(['Main-St - b.pdf', 'Project 2 - b.pdf']);
  });
});

describe('money', () => {
  it('shows PO amounts with 2 decimals', () => {
    expect(showMoney(12500)).toBe('$12,500.00');
    expect(showMoney('99.5')).toBe('$99.50');
    expect(showMoney(null)).toBe('');
  });
});
