import { describe, expect, it } from 'vitest';
import { defineFormLogic, sameValueOrAmount } from './formLogic';

const { changedFields, rebase, valuesOf } = defineFormLogic(['city', 'county', 'coordinator', 'archived']);

describe('a record form', () => {
  it('has every declared field, null when unset, and nothing else', () => {
    expect(valuesOf({ city: 'Austin', other: 1 })).toEqual({ city: 'Austin', county: null, coordinator: null, archived: null });
  });

  it("treats '' and null as the same value, and a missing flag as false", () => {
    expect(changedFields({ city: '' }, { city: null })).toEqual([]);
    expect(changedFields({ archived: null }, { archived: false })).toEqual([]);
    expect(changedFields({ city: 'A' }, { city: 'B' })).toEqual(['city']);
  });

  it("lays the user's edits over a newer version and names fields both changed", () => {
    const base = valuesOf({ city: 'Austin', county: 'Travis', coordinator: 'Al' });
    const draft = { ...base, city: 'Dallas', coordinator: 'Bo' };
    const newer = valuesOf({ city: 'Austin', county: 'Hays', coordinator: 'Cy' });
    const r = rebase(base, draft, newer);
    expect(r.draft.city).toBe('Dallas');
    expect(r.draft.county).toBe('Hays');
    expect(r.draft.coordinator).toBe('Bo');
    expect(r.conflicts).toEqual(['coordinator']);
    expect(r.theirs.sort()).toEqual(['coordinator', 'county']);
  });

  it('can see money typed as text as the number the server keeps', () => {
    expect(sameValueOrAmount('1250.50', 1250.5)).toBe(true);
    expect(sameValueOrAmount('1250.51', 1250.5)).toBe(false);
    expect(sameValueOrAmount('', 0)).toBe(false);
    expect(defineFormLogic(['po_amount']).changedFields({ po_amount: 1250.5 }, { po_amount: '1250.5' })).toEqual(['po_amount']);
  });
});
