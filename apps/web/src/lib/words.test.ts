import { describe, expect, it } from 'vitest';
import { noneYet, plural } from './words';

describe('plural', () => {
  it('given a countable noun, then it takes its plural', () => {
    expect(['note', 'timecard', 'entry', 'box', 'payroll line'].map(plural)).toEqual(['notes', 'timecards', 'entries', 'boxes', 'payroll lines']);
  });
  it('given a noun with no plural of its own, then it stays as it is', () => {
    expect(['customer data', 'equipment', 'Equipment'].map(plural)).toEqual(['customer data', 'equipment', 'Equipment']);
  });
});

describe('noneYet', () => {
  it('given a noun and the adding button, when the list is empty, then it says none yet and to press the button', () => {
    expect(noneYet('notes', 'Add note')).toBe('No notes yet. Press Add note to add one.');
  });
  it('given another way in and a scope, then both are said', () => {
    expect(noneYet('jobs', 'New job', 'award a bid to make its job', 'for these choices')).toBe('No jobs for these choices. Press New job to add one, or award a bid to make its job.');
  });
  it('given no button (read only), then it says only none yet, or the other way in', () => {
    expect(noneYet('files')).toBe('No files yet.');
    expect(noneYet('do-routines', undefined, 'press Assign on a routine')).toBe('No do-routines yet. Press Assign on a routine.');
  });
});
