import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS } from '../../lib/listPrefs';
import { badgeText, daysLeftText, dueByText, expiringRowFit, jobText, locateRowFit, msToNextMidnight, shownColumns, taskText, withStatus } from './listLogic';

describe('the status filter', () => {
  it('given a status, then the list call asks for it; every status asks nothing more; nothing asked stays nothing', () => {
    expect(withStatus({ active: 't' }, 'Returned')).toEqual({ active: 't', locate_status: 'Returned' });
    expect(withStatus({ active: 't' }, 'All statuses')).toEqual({ active: 't' });
    expect(withStatus(null, 'Active')).toBeNull();
  });
});

describe('which live rows the list holds', () => {
  const row = { archived: false, locate_status: 'Active', current_date_submitted: '2026-11-01', current_date_expiration: '2026-11-15', created_at: '2026-11-01T10:00:00Z' };

  it('given active only, then an archived row leaves and a live one stays', () => {
    const fit = locateRowFit(DEFAULT_PREFS, 'All statuses')!;
    expect(fit(row)).toBe(true);
    expect(fit({ ...row, archived: true })).toBe(false);
  });

  it('given a status, then a row of another status leaves', () => {
    const fit = locateRowFit(DEFAULT_PREFS, 'Active')!;
    expect(fit(row)).toBe(true);
    expect(fit({ ...row, locate_status: 'Completed' })).toBe(false);
  });

  it('given a range, then a ticket whose span from submission to expiry misses it leaves; live & future drops the range end', () => {
    const prefs = { ...DEFAULT_PREFS, start_date: '2026-11-20', end_date: '2026-11-30' };
    expect(locateRowFit(prefs, 'All statuses')!(row)).toBe(false);
    expect(locateRowFit({ ...prefs, start_date: '2026-11-10' }, 'All statuses')!(row)).toBe(true);
    const later = { ...row, current_date_submitted: '2026-12-05', current_date_expiration: '2026-12-19' };
    expect(locateRowFit(prefs, 'All statuses')!(later)).toBe(false);
    expect(locateRowFit({ ...prefs, live_and_future: true }, 'All statuses')!(later)).toBe(true);
  });

  it('given neither active nor archived, then no row fits; no choices yet, no test', () => {
    expect(locateRowFit({ ...DEFAULT_PREFS, active: false }, 'All statuses')!(row)).toBe(false);
    expect(locateRowFit(null, 'All statuses')).toBeNull();
  });
});

describe('which live rows the expiring view holds', () => {
  const fit = expiringRowFit('2026-11-27');
  const row = { archived: false, locate_status: 'Active', current_date_expiration: '2026-11-26' };

  it('given a watched locate expiring by the due date, then it stays; past it (a re-up landed), then it leaves', () => {
    expect(fit(row)).toBe(true);
    expect(fit({ ...row, current_date_expiration: '2026-11-27' })).toBe(true);
    expect(fit({ ...row, current_date_expiration: '2026-12-11' })).toBe(false);
  });

  it('given a marked one, then it stays; completed, archived or without expiry, then it leaves', () => {
    expect(fit({ ...row, locate_status: 'Marked' })).toBe(true);
    expect(fit({ ...row, locate_status: 'Completed' })).toBe(false);
    expect(fit({ ...row, archived: true })).toBe(false);
    expect(fit({ ...row, current_date_expiration: null })).toBe(false);
  });
});

describe('the days left and the due date in words', () => {
  it('says days left, today, or overdue', () => {
    expect(daysLeftText(3)).toBe('3 days left');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(0)).toBe('expires today');
    expect(daysLeftText(-1)).toBe('1 day overdue');
    expect(daysLeftText(-4)).toBe('4 days overdue');
    expect(daysLeftText(null)).toBe('no expiry');
  });

  it('says by when re-ups are due with the lead time', () => {
    expect(dueByText({ due_by: '2026-11-27', lead_days: 2, basis: 'calendar' })).toBe("Re-up due by 11/27/2026 (2 days' lead)");
    expect(dueByText({ due_by: '2026-11-27', lead_days: 1, basis: 'working' })).toBe("Re-up due by 11/27/2026 (1 working day's lead)");
    expect(dueByText(undefined)).toBe('');
  });
});

describe('the job and the task as shown', () => {
  it('given a job number and title, then both; unassigned, then nothing', () => {
    expect(jobText({ account_job_number: '1042', job_title: 'Main Street bore', job_ref: '7' })).toBe('1042 Main Street bore');
    expect(jobText({ account_job_number: null, job_title: null, job_ref: '7' })).toBe('#7');
    expect(jobText({ account_job_number: null, job_title: null, job_ref: null })).toBe('');
    expect(taskText({ task_id: 'T-3', task_title: 'Pull fiber' })).toBe('T-3 Pull fiber');
  });
});

describe('public mode', () => {
  it('hides the crews and the last change', () => {
    const cols = [{ key: 'current_ticket_number' }, { key: 'crew_string' }, { key: 'last_updated' }];
    expect(shownColumns(cols, true).map((c) => c.key)).toEqual(['current_ticket_number']);
    expect(shownColumns(cols, false)).toHaveLength(3);
  });
});

describe('the date change', () => {
  it('waits until the next local midnight, never less than a second', () => {
    expect(msToNextMidnight(new Date(2026, 10, 25, 23, 0, 0))).toBe(60 * 60 * 1000);
    expect(msToNextMidnight(new Date(2026, 10, 25, 0, 0, 0))).toBe(24 * 60 * 60 * 1000);
    expect(msToNextMidnight(new Date(2026, 10, 25, 23, 59, 59, 900))).toBe(1000);
  });
});

describe('the navigation badge', () => {
  it('shows the count, 99+ past 99, nothing at zero', () => {
    expect(badgeText(4)).toBe('4');
    expect(badgeText(120)).toBe('99+');
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
  });
});
