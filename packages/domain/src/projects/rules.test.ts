import { describe, expect, it } from 'vitest';
import { colourBackground, customerNames, inDateRange, latestNote, managementReportRows, presetRange, projectDaysLeft, splitRangeText } from './rules.ts';

describe('project rules', () => {
  it('days left count to the due date and colour red under 4, orange under 7', () => {
    expect(projectDaysLeft('2026-11-25', '2026-11-22')).toEqual({ project_days_left: 3, project_days_colour: 'red' });
    expect(projectDaysLeft('2026-11-28', '2026-11-22')).toEqual({ project_days_left: 6, project_days_colour: 'orange' });
    expect(projectDaysLeft('2026-11-29', '2026-11-22')).toEqual({ project_days_left: 7, project_days_colour: null });
    expect(projectDaysLeft('2026-11-20', '2026-11-22')).toEqual({ project_days_left: -2, project_days_colour: 'red' });
    expect(projectDaysLeft(null, '2026-11-22')).toEqual({ project_days_left: null, project_days_colour: null });
  });

  it('colours have a background at opacity 0.7, None has none', () => {
    expect(colourBackground('Red')).toBe('rgba(250, 82, 82, 0.7)');
    expect(colourBackground('None')).toBeNull();
    expect(colourBackground('Purple')).toBeNull();
  });

  it('presets end today; Two Weeks is 14 days and This Month the calendar month', () => {
    expect(presetRange('Today', '2026-11-22')).toEqual({ start_date: '2026-11-22', end_date: '2026-11-22' });
    expect(presetRange('Two Weeks', '2026-11-22')).toEqual({ start_date: '2026-11-09', end_date: '2026-11-22' });
    expect(presetRange('7 Days', '2026-11-22')).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(presetRange('180 Days', '2026-11-22').start_date).toBe('2026-05-27');
    expect(presetRange('This Month', '2026-02-10')).toEqual({ start_date: '2026-02-01', end_date: '2026-02-28' });
  });

  it("the range text is split on ' - '", () => {
    expect(splitRangeText('2026-11-01 - 2026-11-30')).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(splitRangeText('2026-11-01')).toEqual({ start_date: '2026-11-01', end_date: '2026-11-01' });
    expect(splitRangeText('nonsense')).toEqual({ start_date: null, end_date: null });
  });

  it('a project is in range when its start-to-due span overlaps it; live and future drops the end', () => {
    const range = { from: '2026-11-01', to: '2026-11-30' };
    expect(inDateRange({ start_date: '2026-10-01', due_date: '2026-11-05' }, range)).toBe(true);
    expect(inDateRange({ start_date: '2026-10-01', due_date: '2026-10-31' }, range)).toBe(false);
    expect(inDateRange({ start_date: '2026-12-01', due_date: '2027-01-31' }, range)).toBe(false);
    expect(inDateRange({ start_date: '2026-12-01', due_date: '2027-01-31' }, { ...range, liveAndFuture: true })).toBe(true);
    expect(inDateRange({ created_at: '2026-11-10T09:00:00Z' }, range)).toBe(true);
    expect(inDateRange({ created_at: '2026-12-10T09:00:00Z' }, range)).toBe(false);
    expect(inDateRange({}, { from: null, to: null })).toBe(true);
  });

  it('latest note is the newest non-empty note; customer names are distinct', () => {
    expect(latestNote([{ id: '1', note: 'a' }, { id: '2', note: 'b' }, { id: '3', note: ' ' }])).toBe('b');
    expect(latestNote([])).toBeNull();
    expect(customerNames('AT&T', [{ id: '1', customer: 'AT&T ' }, { id: '2', customer: 'Lumen' }, { id: '3' }])).toBe('AT&T, Lumen');
  });

  it('the management report is one row per project by days left, with PO totals in exact cents', () => {
    const { rows, totals } = managementReportRows(
      [
        { id: '1', name: 'B', due_date: '2026-12-30', po_amount: 0.1, status: 'Won' },
        { id: '2', name: 'A', due_date: '2026-11-20', po_amount: 0.2, location: { name: 'Yard', city: 'Tulsa', state: 'OK' } },
        { id: '3', name: '', po_amount: null, city: 'Tulsa' },
      ],
      '2026-11-22',
    );
    expect(rows.map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(rows[0]).toMatchObject({ days_left: -2, days_colour: 'red', location: 'Yard, Tulsa, OK' });
    expect(rows[2]).toMatchObject({ name: 'Project 3', location: 'Tulsa', days_left: null });
    expect(totals).toEqual({ projects: 3, po_amount: 0.3, overdue: 1, due_within_week: 0 });
  });
});
