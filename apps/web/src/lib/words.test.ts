import { describe, expect, it } from 'vitest';
import { plural } from './words';

describe('plural', () => {
  it('given a countable noun, then it takes its plural', () => {
    expect(['note', 'timecard', 'entry', 'box', 'payroll line'].map(plural)).toEqual(['notes', 'timecards', 'entries', 'boxes', 'payroll lines']);
  });
  it('given a noun with no plural of its own, then it stays as it is', () => {
    expect(['customer data', 'equipment', 'Equipment'].map(plural)).toEqual(['customer data', 'equipment', 'Equipment']);
  });
});
