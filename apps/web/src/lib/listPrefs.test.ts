import { describe, expect, it } from 'vitest';
import {
  changedPrefs,
  DATE_RANGE_PRESETS,
  DEFAULT_PREFS,
  listQuery,
  parseRangeText,
  pickerPresets,
  prefsOf,
  presetLabel,
  presetOf,
  rangedListKey,
  rangeOfPreset,
  rangeText,
  rowFilter,
} from './listPrefs';

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
  it('default to active records, no range, live & future and public mode off', () => {
    expect(prefsOf(null)).toEqual(DEFAULT_PREFS);
    expect(DEFAULT_PREFS).toEqual({ start_date: null, end_date: null, active: true, archived: false, live_and_future: false, public_mode: false });
    expect(prefsOf({ archived: true, start_date: '2026-03-01T00:00:00.000Z' })).toMatchObject({ archived: true, active: true, start_date: '2026-03-01' });
  });
  it('name what changed since the last refresh (non-empty lights Refresh)', () => {
    expect(changedPrefs(DEFAULT_PREFS, { ...DEFAULT_PREFS })).toEqual([]);
    expect(changedPrefs(DEFAULT_PREFS, { ...DEFAULT_PREFS, archived: true, start_date: '2026-03-01' })).toEqual(['start_date', 'archived']);
  });
  it('become the list request\'s query, the range\'s end named as the list calls it', () => {
    expect(listQuery(DEFAULT_PREFS)).toBe('active=t&archived=f&live_and_future=f');
    const march = { ...DEFAULT_PREFS, archived: true, live_and_future: true, start_date: '2026-03-01', end_date: '2026-03-31' };
    expect(listQuery(march)).toBe('active=t&archived=t&live_and_future=t&start_date=2026-03-01&end_date=2026-03-31');
    expect(listQuery(march, 'stop_date')).toBe('active=t&archived=t&live_and_future=t&start_date=2026-03-01&stop_date=2026-03-31');
  });
  it('key a list\'s cache by its rows in row terms, then its range', () => {
    expect(rangedListKey('jobs', DEFAULT_PREFS)).toEqual(['list', 'jobs', { archived: false }, { start_date: null, end_date: null, live_and_future: false }]);
    expect(rangedListKey('jobs', { ...DEFAULT_PREFS, active: false }, 'others')[2]).toEqual({ none: true });
    expect(rangedListKey('jobs', DEFAULT_PREFS, 'others')[4]).toBe('others');
  });
  it('say which rows the list holds in row terms, for live updates', () => {
    expect(rowFilter({ active: true, archived: false })).toEqual({ archived: false });
    expect(rowFilter({ active: false, archived: true })).toEqual({ archived: true });
    expect(rowFilter({ active: true, archived: true })).toEqual({});
    expect(rowFilter({ active: false, archived: false })).toBeNull();
  });
});
