import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_RULES } from '@trenchline/domain';
import { reUpDates, reUpPayload, reUpStart, rulesOfSettings, ruleWords } from './reUpLogic';

describe("the re-up form's logic", () => {
  it('given settings with holidays and a working-day basis, then the rules carry them; unset values are the spec defaults', () => {
    expect(rulesOfSettings({ ticket_life_days: '10', ticket_life_basis: 'working', work_wait_days: null, reup_lead_days: 3, holidays: [{ date: '2026-12-25' }, { date: null }] })).toEqual({
      ticket_life_days: 10,
      ticket_life_basis: 'working',
      work_wait_days: 2,
      reup_lead_days: 3,
      holidays: ['2026-12-25'],
    });
    expect(rulesOfSettings(null)).toEqual(DEFAULT_LOCATE_RULES);
  });

  it('given a locate, when the form opens, then it keeps the current numbers, type Update, submitted today, dates blank', () => {
    expect(reUpStart({ current_ticket_number: 'A100', current_alt_ticket_number: null }, '2026-03-02')).toEqual({
      ticket_number: 'A100',
      alt_ticket_number: '',
      ticket_type: 'Update',
      segment: '',
      date_submitted: '2026-03-02',
      work_date: '',
      date_expiration: '',
      remarks: '',
    });
  });

  it('given blank dates, then the work date is 2 days after submission and the expiry 14 days after the work date (spec 3 section 9)', () => {
    const d = reUpDates({ date_submitted: '2026-03-02', work_date: '', date_expiration: '' }, DEFAULT_LOCATE_RULES, '2026-03-09');
    expect(d).toEqual({ date_submitted: '2026-03-02', work_date: '2026-03-04', date_expiration: '2026-03-18', workByRule: true, expiryByRule: true });
  });

  it('given a typed work date, then the expiry follows it; a typed expiry is kept', () => {
    expect(reUpDates({ date_submitted: '2026-03-02', work_date: '2026-03-10', date_expiration: '' }, DEFAULT_LOCATE_RULES, '2026-03-02').date_expiration).toBe('2026-03-24');
    expect(reUpDates({ date_submitted: '2026-03-02', work_date: '', date_expiration: '2026-04-01' }, DEFAULT_LOCATE_RULES, '2026-03-02')).toMatchObject({ date_expiration: '2026-04-01', expiryByRule: false });
  });

  it('given working days, then a Friday submission is worked on Tuesday, skipping a holiday Monday to Wednesday', () => {
    const rules = { ...DEFAULT_LOCATE_RULES, ticket_life_basis: 'working' as const };
    expect(reUpDates({ date_submitted: '2026-03-06', work_date: '', date_expiration: '' }, rules, '2026-03-06').work_date).toBe('2026-03-10');
    expect(reUpDates({ date_submitted: '2026-03-06', work_date: '', date_expiration: '' }, { ...rules, holidays: ['2026-03-09'] }, '2026-03-06').work_date).toBe('2026-03-11');
    expect(ruleWords(rules)).toEqual({ work: '2 working days after submission', expiry: '14 working days after the work date' });
  });

  it('when the form is sent, then blank fields are left out and the rest trimmed', () => {
    const form = { ...reUpStart({ current_ticket_number: ' A220 ' }, '2026-03-02'), remarks: 'crew late' };
    expect(reUpPayload(form)).toEqual({ ticket_number: 'A220', ticket_type: 'Update', date_submitted: '2026-03-02', remarks: 'crew late' });
  });
});
