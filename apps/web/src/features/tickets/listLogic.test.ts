import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS } from '../../lib/listPrefs';
import { ticketPath } from './api/types';
import {
  approvalText,
  batches,
  daysLeftOf,
  idsOfPage,
  jobOptionLabel,
  jobText,
  shownColumns,
  signatureMark,
  STATUS_CHOICES,
  ticketRowFit,
  withStatus,
} from './listLogic';

describe('the status filter', () => {
  it('given the choices, then they are every status of the list in its order, without Edit Requested', () => {
    expect(STATUS_CHOICES).toEqual(['All statuses', 'New', 'Issue', 'Approved', 'Invoiced', 'Paid', 'Resolved']);
  });

  it('given a status, then the list call asks for it; every status asks nothing more; nothing asked stays nothing', () => {
    expect(withStatus({ active: 't' }, 'Approved')).toEqual({ active: 't', ticket_status: 'Approved' });
    expect(withStatus({ active: 't' }, 'All statuses')).toEqual({ active: 't' });
    expect(withStatus(null, 'New')).toBeNull();
  });
});

describe('which live rows the list holds', () => {
  const row = { archived: false, ticket_status: 'New', created_date: '2026-11-01', completion_date: '2026-11-15', created_at: '2026-11-01T10:00:00Z' };

  it('given active only, then an archived row leaves and a live one stays', () => {
    const fit = ticketRowFit(DEFAULT_PREFS, 'All statuses')!;
    expect(fit(row)).toBe(true);
    expect(fit({ ...row, archived: true })).toBe(false);
  });

  it('given a status, then a row of another status leaves', () => {
    const fit = ticketRowFit(DEFAULT_PREFS, 'New')!;
    expect(fit(row)).toBe(true);
    expect(fit({ ...row, ticket_status: 'Approved' })).toBe(false);
  });

  it('given a range, then a ticket whose span from creation to completion misses it leaves; live & future drops the range end', () => {
    const prefs = { ...DEFAULT_PREFS, start_date: '2026-11-20', end_date: '2026-11-30' };
    expect(ticketRowFit(prefs, 'All statuses')!(row)).toBe(false);
    expect(ticketRowFit({ ...prefs, start_date: '2026-11-10' }, 'All statuses')!(row)).toBe(true);
    const later = { ...row, created_date: '2026-12-05', completion_date: '2026-12-19' };
    expect(ticketRowFit(prefs, 'All statuses')!(later)).toBe(false);
    expect(ticketRowFit({ ...prefs, live_and_future: true }, 'All statuses')!(later)).toBe(true);
  });

  it('given neither active nor archived, then no row fits; no choices yet, no test', () => {
    expect(ticketRowFit({ ...DEFAULT_PREFS, active: false }, 'All statuses')!(row)).toBe(false);
    expect(ticketRowFit(null, 'All statuses')).toBeNull();
  });
});

describe('days left to the completion date', () => {
  it('given a completion date, then the days count from today: red under 4, orange under 7, none from 7; no date, no days', () => {
    const today = '2026-11-25';
    expect(daysLeftOf({ completion_date: '2026-11-28' }, today)).toEqual({ ticket_days_left: 3, ticket_days_colour: 'red' });
    expect(daysLeftOf({ completion_date: '2026-12-01' }, today)).toEqual({ ticket_days_left: 6, ticket_days_colour: 'orange' });
    expect(daysLeftOf({ completion_date: '2026-12-02' }, today)).toEqual({ ticket_days_left: 7, ticket_days_colour: null });
    expect(daysLeftOf({ completion_date: '2026-11-20' }, today)).toEqual({ ticket_days_left: -5, ticket_days_colour: 'red' });
    expect(daysLeftOf({ completion_date: null }, today)).toEqual({ ticket_days_left: null, ticket_days_colour: null });
  });
});

describe('a ticket as shown', () => {
  it('given its job, then the job number and title; unassigned, nothing', () => {
    expect(jobText({ account_job_number: '1042', job_title: 'Main Street bore' })).toBe('1042 Main Street bore');
    expect(jobText({ account_job_number: null, job_title: null })).toBe('');
  });

  it('given a job of the picker, then its number, title and customer; one without a number by its id', () => {
    expect(jobOptionLabel({ id: '7', account_job_number: '1042', title: 'Main Street bore', customer: 'AT&T' })).toBe('1042 · Main Street bore · AT&T');
    expect(jobOptionLabel({ id: '7', account_job_number: null, title: 'Draft' })).toBe('#7 · Draft');
  });

  it('given its signatures, then signed wears a tick, a change after signing the warning mark, unsigned nothing', () => {
    expect(signatureMark('signed')).toEqual({ mark: '✓', words: 'Signed', stale: false });
    expect(signatureMark('signed an earlier version')).toMatchObject({ mark: '⚠', stale: true });
    expect(signatureMark('unsigned').mark).toBe('');
    expect(signatureMark(null).mark).toBe('');
  });

  it('given its number, then its page is /ticket/{number}; without one, its id', () => {
    expect(ticketPath({ id: '12', account_ticket_number: '1005' })).toBe('/ticket/1005');
    expect(ticketPath({ id: '12', account_ticket_number: null })).toBe('/ticket/12');
  });

  it('given public mode, then the crews and the money are hidden', () => {
    const cols = [{ key: 'account_ticket_number' }, { key: 'crew_name' }, { key: 'expenses_total' }, { key: 'feet_total' }];
    expect(shownColumns(cols, true).map((c) => c.key)).toEqual(['account_ticket_number', 'feet_total']);
    expect(shownColumns(cols, false)).toHaveLength(4);
  });
});

describe('approving a selection', () => {
  it('given more ids than one call takes, then they go in batches in order', () => {
    expect(batches(['1', '2', '3', '4', '5'], 2)).toEqual([['1', '2'], ['3', '4'], ['5']]);
    expect(batches([], 1000)).toEqual([]);
  });

  it('given all that match with some unticked, then a page gives its ids but those', () => {
    expect(idsOfPage([{ id: 1 }, { id: '2' }, { id: 3 }], ['2'])).toEqual(['1', '3']);
  });

  it('given every ticket approved, then the server\'s words; given some refused, then how many and why', () => {
    expect(approvalText({ approved: ['1', '2'], failed: [], message: 'Approved successfully!' })).toEqual({ text: 'Approved successfully!', tone: 'success' });
    expect(approvalText({ approved: ['1'], failed: [{ id: '2', message: 'Ticket not found' }], message: 'Approved successfully!' })).toEqual({
      text: 'Approved successfully! 1 could not be approved (#2: Ticket not found)',
      tone: 'error',
    });
  });
});
