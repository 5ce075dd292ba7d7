import { describe, expect, it } from 'vitest';
import { bidPercentColour, bidPercentTotal, itemString } from './rules.ts';
import { pdfBundleOf } from '../shared/files.ts';
import { bundleZipName, daysAway, dueColour } from '../shared/rules.ts';
import { withBidDays } from './view.ts';

const item = (bid_percent: unknown, name = 'x') => ({ id: '1', item: name, bid_percent });

describe('bid rules', () => {
  it('sums bid_percent to the cent, treating blanks as 0', () => {
    expect(bidPercentTotal([item(33.33), item('33.33'), item(33.34), item(null), item('')])).toBe(100);
  });

  it.each([
    [0, null],
    [0.01, 'red'],
    [50, 'red'],
    [99.99, 'red'],
    [100, 'green'],
    [100.01, null],
  ])('a bid_percent total of %s is coloured %s (strictly between 0 and 100 red, exactly 100 green)', (total, colour) => {
    expect(bidPercentColour(total)).toBe(colour);
  });

  it.each([
    [-2, 'red'],
    [0, 'red'],
    [3, 'red'],
    [4, 'orange'],
    [6, 'orange'],
    [7, null],
    [null, null],
  ])('%s days away is %s (red under 4, orange under 7)', (days, colour) => {
    expect(dueColour(days)).toBe(colour);
  });

  it('counts days away in whole calendar days, across month ends and time zones', () => {
    expect(daysAway('2026-12-01', '2026-11-28')).toBe(3);
    expect(daysAway('2026-11-27', '2026-11-28')).toBe(-1);
    expect(daysAway(null, '2026-11-28')).toBeNull();
  });

  it('refreshes the list row for today: days and colour move with the date', () => {
    const row = { bid_due_date: '2026-11-30', request_start: '2026-12-10' };
    expect(withBidDays(row, '2026-11-20')).toMatchObject({ bid_days_away: 10, bid_days_colour: null, actual_days_away: 20 });
    expect(withBidDays(row, '2026-11-27')).toMatchObject({ bid_days_away: 3, bid_days_colour: 'red' });
  });

  it('names the zip with the date as month-day-year', () => {
    expect(bundleZipName('Bid', '2026-03-07')).toBe('Bid PDF Bundles 3-7-2026.zip');
    expect(bundleZipName('Project', '2026-11-22')).toBe('Project PDF Bundles 11-22-2026.zip');
  });

  it('lists item names in order for the list', () => {
    expect(itemString([item(1, 'Bore'), item(1, ' '), item(1, 'Splice')])).toBe('Bore, Splice');
  });

  it('takes the newest pdf_bundle as the bundle', () => {
    const f = (id: string, t: string) => ({ id, file_type: t });
    expect(pdfBundleOf([f('1', 'pdf_bundle'), f('2', 'other'), f('3', 'pdf_bundle')])?.id).toBe('3');
    expect(pdfBundleOf([f('2', 'other')])).toBeNull();
  });
});
