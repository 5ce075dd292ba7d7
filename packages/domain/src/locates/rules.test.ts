import { describe, expect, it } from 'vitest';
import {
  addTicketDays,
  DEFAULT_LOCATE_RULES,
  expiryAfterSubmission,
  isExpiring,
  isLiveOn,
  locateDaysLeft,
  missingLocateWarning,
  productionLocateWarning,
  reUpDueBy,
  reUpExpiry,
  reUpWorkDate,
  workPlanned,
  type LocateRules,
} from './rules.ts';

const calendar = DEFAULT_LOCATE_RULES;
const working = (holidays: string[] = []): LocateRules => ({ ...DEFAULT_LOCATE_RULES, ticket_life_basis: 'working', ticket_life_days: 10, holidays });

describe('locate dates on the spec rules (14 calendar days, re-up work 2 days after submission)', () => {
  it('given a submission, then the expiry is 14 days after it, across a month end and a year end', () => {
    expect(expiryAfterSubmission('2026-11-03', calendar)).toBe('2026-11-17');
    expect(expiryAfterSubmission('2026-11-24', calendar)).toBe('2026-12-08');
    expect(expiryAfterSubmission('2026-12-25', calendar)).toBe('2027-01-08');
  });

  it('given a submission in February, then leap days count: 2028 has a 29th, 2027 does not', () => {
    expect(expiryAfterSubmission('2028-02-20', calendar)).toBe('2028-03-05');
    expect(expiryAfterSubmission('2027-02-20', calendar)).toBe('2027-03-06');
    expect(reUpWorkDate('2028-02-28', calendar)).toBe('2028-03-01');
    expect(reUpWorkDate('2027-02-28', calendar)).toBe('2027-03-02');
  });

  it('given a re-up submitted on the 30th, then its work date is 2 days later and its expiry 14 days after the work date', () => {
    const work = reUpWorkDate('2026-11-30', calendar);
    expect(work).toBe('2026-12-02');
    expect(reUpExpiry(work, calendar)).toBe('2026-12-16');
    expect(reUpWorkDate('2026-01-31', calendar)).toBe('2026-02-02');
  });
});

describe('a working-day ticket life', () => {
  it('given a Friday submission, then the weekend is left out of the wait and the life', () => {
    // 2026-11-20 is a Friday: two working days are Monday and Tuesday.
    expect(reUpWorkDate('2026-11-20', working())).toBe('2026-11-24');
    // Ten working days after Tuesday the 24th: Dec 1..4, then 7..8 ... is Tuesday Dec 8.
    expect(reUpExpiry('2026-11-24', working())).toBe('2026-12-08');
  });

  it('given a holiday inside the life, then it is skipped as a weekend is', () => {
    expect(addTicketDays('2026-11-24', 3, working())).toBe('2026-11-27');
    expect(addTicketDays('2026-11-24', 3, working(['2026-11-26']))).toBe('2026-11-30');
    expect(addTicketDays('2026-11-24', 3, working(['2026-11-26', '2026-11-27']))).toBe('2026-12-01');
  });

  it('given a submission on a Saturday, then counting starts on Monday', () => {
    expect(addTicketDays('2026-11-21', 1, working())).toBe('2026-11-23');
    expect(addTicketDays('2026-11-21', 0, working())).toBe('2026-11-21');
  });

  it('given a calendar basis, then holidays are ignored', () => {
    expect(addTicketDays('2026-11-24', 3, { ...calendar, holidays: ['2026-11-26'] })).toBe('2026-11-27');
  });
});

describe('days left and the watch', () => {
  it('given an expiry, then days left are red under 5 and orange under 10', () => {
    expect(locateDaysLeft('2026-11-28', '2026-11-24')).toEqual({ locate_days_left: 4, locate_days_colour: 'red' });
    expect(locateDaysLeft('2026-11-29', '2026-11-24')).toEqual({ locate_days_left: 5, locate_days_colour: 'orange' });
    expect(locateDaysLeft('2026-12-03', '2026-11-24')).toEqual({ locate_days_left: 9, locate_days_colour: 'orange' });
    expect(locateDaysLeft('2026-12-04', '2026-11-24')).toEqual({ locate_days_left: 10, locate_days_colour: null });
    expect(locateDaysLeft('2026-11-20', '2026-11-24')).toEqual({ locate_days_left: -4, locate_days_colour: 'red' });
    expect(locateDaysLeft(null, '2026-11-24')).toEqual({ locate_days_left: null, locate_days_colour: null });
  });

  it('given the lead time of 2 days, then a watched locate expiring within it, or past, is expiring; others are not', () => {
    const today = '2026-11-24';
    expect(reUpDueBy(today, calendar)).toBe('2026-11-26');
    expect(isExpiring({ locate_status: 'Active', current_date_expiration: '2026-11-26' }, today, calendar)).toBe(true);
    expect(isExpiring({ locate_status: 'Marked', current_date_expiration: '2026-11-01' }, today, calendar)).toBe(true);
    expect(isExpiring({ locate_status: 'Active', current_date_expiration: '2026-11-27' }, today, calendar)).toBe(false);
    expect(isExpiring({ locate_status: 'Completed', current_date_expiration: '2026-11-20' }, today, calendar)).toBe(false);
    expect(isExpiring({ locate_status: 'Active', current_date_expiration: '2026-11-20', archived: true }, today, calendar)).toBe(false);
    expect(isExpiring({ locate_status: 'Active', current_date_expiration: null }, today, calendar)).toBe(false);
  });

  it('given a working-day lead over a weekend, then Monday and Tuesday are within 2 days of Friday', () => {
    expect(reUpDueBy('2026-11-20', working())).toBe('2026-11-24');
  });

  it('given an expiry today, then the locate is live through that day, not after', () => {
    const l = { locate_status: 'Active', current_date_expiration: '2026-11-24' };
    expect(isLiveOn(l, '2026-11-24')).toBe(true);
    expect(isLiveOn(l, '2026-11-25')).toBe(false);
  });
});

describe('warnings of work without a live locate', () => {
  const today = '2026-11-24';
  it('given crews or planned feet, then work is planned, unless the job is done or archived', () => {
    expect(workPlanned({ crews: 'Crew 1' })).toBe(true);
    expect(workPlanned({ crews: [{ crew_name: 'A' }] })).toBe(true);
    expect(workPlanned({ planned_feet: '1200' })).toBe(true);
    expect(workPlanned({ crews: '', planned_feet: 0 })).toBe(false);
    expect(workPlanned({ crews: 'Crew 1', work_status: 'Complete' })).toBe(false);
    expect(workPlanned({ crews: 'Crew 1', archived: true })).toBe(false);
  });

  it('given work planned, then no locate, or only expired ones, warns; a live one does not', () => {
    expect(missingLocateWarning(true, [], today)).toBe('No live locate for the planned work');
    expect(missingLocateWarning(true, [{ locate_status: 'Active', current_date_expiration: '2026-11-20' }, { locate_status: 'Active', current_date_expiration: '2026-11-22' }], today)).toBe('No live locate: the last expired 11/22/2026');
    expect(missingLocateWarning(true, [{ locate_status: 'Active', current_date_expiration: '2026-11-24' }], today)).toBeNull();
    expect(missingLocateWarning(false, [], today)).toBeNull();
  });

  it('given production on a segment whose locates expired before the work date, then a warning naming the ticket; a live one, or a segment no locate names, none', () => {
    const locates = [
      { locate_status: 'Active', current_date_expiration: '2026-11-20', current_ticket_number: 'A100', segments: ['2'] },
      { locate_status: 'Active', current_date_expiration: '2026-12-20', current_ticket_number: 'A200', segments: ['3'] },
    ];
    expect(productionLocateWarning('2', today, locates)).toBe('The locates of segment 2 have expired (ticket A100 expired 11/20/2026, 4 days before 11/24/2026)');
    expect(productionLocateWarning('3', today, locates)).toBeNull();
    expect(productionLocateWarning('9', today, locates)).toBeNull();
    expect(productionLocateWarning('2', '2026-11-19', locates)).toBeNull();
    // A locate naming no segment covers the whole job.
    expect(productionLocateWarning('9', today, [{ locate_status: 'Marked', current_date_expiration: '2026-11-01', segments: [] }])).toMatch(/^The locates of segment 9 have expired/);
  });
});
