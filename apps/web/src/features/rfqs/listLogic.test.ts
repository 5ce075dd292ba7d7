import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS } from '../../lib/listPrefs';
import { canMakeJob, jobMarginText, rfqNumberText, rfqRowFit, withStatus } from './listLogic';

describe('the RFQ list', () => {
  it('given a status, when the filter is built, then it asks ?rfq_status; every status asks none', () => {
    expect(withStatus({ active: 't' }, 'Won')).toMatchObject({ rfq_status: 'Won' });
    expect(withStatus({ active: 't' }, 'All statuses')).not.toHaveProperty('rfq_status');
  });

  it('given a live row of another status, when the list is Won only, then it does not belong', () => {
    const prefs = DEFAULT_PREFS;
    const fit = rfqRowFit(prefs, 'Won');
    expect(fit?.({ id: '1', rfq_status: 'Lost', archived: false, rfq_date: '2026-01-01' })).toBe(false);
  });

  it('given an RFQ without a number yet, when shown, then its id stands in', () => {
    expect(rfqNumberText({ id: '7', account_rfq_number: null })).toBe('#7');
    expect(rfqNumberText({ id: '7', account_rfq_number: '1003' })).toBe('1003');
  });
});

describe('the job an RFQ makes', () => {
  it('given a Won RFQ without a job, then Make job is offered; once made, or not Won, it is not', () => {
    expect(canMakeJob({ rfq_status: 'Won', job_ref: null })).toBe(true);
    expect(canMakeJob({ rfq_status: 'Won', job_ref: '12' })).toBe(false);
    expect(canMakeJob({ rfq_status: 'Submitted', job_ref: null })).toBe(false);
  });

  it('given an estimate and an actual, when shown, then the difference is in points with its sign', () => {
    expect(jobMarginText({ margin_estimated: 30, margin_actual: 25, margin_difference: -5 })).toBe('Margin: estimated 30% · actual 25% (−5 pts)');
    expect(jobMarginText({ margin_estimated: 30, margin_actual: 34, margin_difference: 4 })).toBe('Margin: estimated 30% · actual 34% (+4 pts)');
    expect(jobMarginText({ margin_estimated: 30, margin_actual: 30, margin_difference: 0 })).toBe('Margin: estimated 30% · actual 30% (±0 pts)');
  });

  it('given no invoice yet, then the actual says so; a job not from an RFQ shows no line', () => {
    expect(jobMarginText({ margin_estimated: 30, margin_actual: null })).toBe('Margin: estimated 30% · no invoices yet');
    expect(jobMarginText({ margin_estimated: null, margin_actual: 12 })).toBeNull();
  });
});
