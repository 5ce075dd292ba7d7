import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS } from '../../lib/listPrefs';
import { awaitingText, badgeText, helpRowFit, latestUpdateText, shownColumns } from './listLogic';

const prefs = { ...DEFAULT_PREFS, start_date: '2026-09-01', end_date: '2026-11-29' };

describe("the help list's logic", () => {
  it('given the active list of a range, then a live row fits when active and created by its end', () => {
    const fit = helpRowFit(prefs)!;
    expect(fit({ archived: false, created_at: '2026-11-20T10:00:00Z', completion_date: null })).toBe(true);
    expect(fit({ archived: true, created_at: '2026-11-20T10:00:00Z' })).toBe(false);
    expect(fit({ archived: false, created_at: '2026-12-02T10:00:00Z' })).toBe(false);
  });

  it('given a ticket completed before the range began, then it does not fit; with live and future a later one does', () => {
    const fit = helpRowFit(prefs)!;
    expect(fit({ archived: false, created_at: '2026-05-01T10:00:00Z', completion_date: '2026-06-01' })).toBe(false);
    expect(fit({ archived: false, created_at: '2026-05-01T10:00:00Z', completion_date: '2026-10-01' })).toBe(true);
    expect(helpRowFit({ ...prefs, live_and_future: true })!({ archived: false, created_at: '2027-01-05T10:00:00Z' })).toBe(true);
  });

  it('given neither active nor archived, then no row fits; before the choices load there is no fit', () => {
    expect(helpRowFit({ ...prefs, active: false })!({ archived: false, created_at: '2026-11-20T10:00:00Z' })).toBe(false);
    expect(helpRowFit(null)).toBeNull();
  });

  it('given public mode, then who raised and who changed each ticket are hidden', () => {
    const cols = [{ key: 'subject' }, { key: 'submitted_by_name' }, { key: 'last_updated' }, { key: 'priority' }];
    expect(shownColumns(cols, true).map((c) => c.key)).toEqual(['subject', 'priority']);
    expect(shownColumns(cols, false)).toHaveLength(4);
  });

  it('given a count, then the badge shows it, 99+ past 99, nothing at none', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(120)).toBe('99+');
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
  });

  it("given tickets awaiting both sides, then the badge's hover names each", () => {
    expect(awaitingText({ count: 3, office: 2, submitter: 1 })).toBe('3 help tickets: 2 awaiting an answer, 1 of yours awaiting your reply');
    expect(awaitingText({ count: 1, office: 1, submitter: 0 })).toBe('1 help ticket: 1 awaiting an answer');
    expect(awaitingText(null)).toBe('No help ticket awaits you');
  });

  it('given a long latest update, then it reads status: text, cut with an ellipsis', () => {
    expect(latestUpdateText({ text: 'Looking  into\nit', status: 'Working on it' })).toBe('Working on it: Looking into it');
    expect(latestUpdateText({ text: 'x'.repeat(100), status: null }, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(latestUpdateText(null)).toBe('');
  });
});
