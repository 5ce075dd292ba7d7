import { describe, expect, it } from 'vitest';
import { BID_FIELD_NAMES } from '@trenchline/domain';
import { BID_FORM_FIELDS } from './fields';
import { changedFields, rebase, valuesOf } from './formLogic';

describe('bid form', () => {
  it('shows every bid field of the domain exactly once', () => {
    const shown = BID_FORM_FIELDS.map((f) => f.name).sort();
    expect(shown).toEqual([...BID_FIELD_NAMES].sort());
  });

  it("treats '' and null as the same value", () => {
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
});
