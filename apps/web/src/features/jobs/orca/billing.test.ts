import { describe, expect, it } from 'vitest';
import { billingFilter, daysText, isPaidStage, PAID_STAGE, PIPELINE, pipelineStrip, statusLabel, touchesBilling } from './billing';

describe('the ORCA billing pipeline', () => {
  it('given the ORCA invoice statuses, when made a pipeline, then Not Ready ... Paid with the last five paid (green)', () => {
    expect(PIPELINE[0]).toBe('Not Ready');
    expect(PIPELINE[PIPELINE.length - 1]).toBe('Paid');
    expect(PAID_STAGE).toEqual(['Approved', 'Level 1', 'Level 2', 'CAC Level', 'Sent for Payment', 'Paid'].slice(-5));
    expect(isPaidStage('Paid')).toBe(true);
    expect(isPaidStage('Submitted')).toBe(false);
    expect(isPaidStage(null)).toBe(false);
  });

  it('given totals of two statuses and blank lines, when made a strip, then every step shows in order and the blank one after', () => {
    const strip = pipelineStrip([
      { status: '', count: 2, amount: 50, paid_stage: false },
      { status: 'Paid', count: 1, amount: 100, paid_stage: true },
      { status: 'Submitted', count: 3, amount: 300, paid_stage: false },
      { status: 'NEED STATUS', count: 0, amount: 0, paid_stage: false },
    ]);
    expect(strip.map((t) => t.status)).toEqual([...PIPELINE, '']);
    expect(strip.find((t) => t.status === 'Submitted')?.count).toBe(3);
    expect(strip.find((t) => t.status === 'Not Ready')).toEqual({ status: 'Not Ready', count: 0, amount: 0, paid_stage: false });
    expect(strip.find((t) => t.status === 'Sent for Payment')?.paid_stage).toBe(true);
    expect(statusLabel('')).toBe('(no status)');
  });

  it('given days in a status, when shown, then in words', () => {
    expect([0, 1, 12, null].map(daysText)).toEqual(['0 days', '1 day', '12 days', '']);
  });

  it('given live job events, when filtered, then ORCA rows and removals refetch the billing, other jobs do not', () => {
    expect(touchesBilling({ op: 'upsert', row: { form_type: 'attorca' } })).toBe(true);
    expect(touchesBilling({ op: 'remove' })).toBe(true);
    expect(touchesBilling({ op: 'upsert', row: { form_type: 'base' } })).toBe(false);
  });

  it('given the toggles and a picked status, when asked, then they are the filter; neither toggle asks for nothing', () => {
    expect(billingFilter({ active: true, archived: false }, null)).toEqual({ active: 't', archived: 'f' });
    expect(billingFilter({ active: true, archived: true }, '')).toEqual({ active: 't', archived: 't', status: '' });
    expect(billingFilter({ active: false, archived: false }, null)).toBeNull();
  });
});
