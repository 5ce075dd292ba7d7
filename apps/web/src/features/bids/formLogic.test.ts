import { describe, expect, it } from 'vitest';
import { BID_FIELD_NAMES } from '@trenchline/domain';
import { BID_FORM_FIELDS } from './fields';
import { valuesOf } from './formLogic';

describe('bid form', () => {
  it('shows every bid field of the domain exactly once', () => {
    const shown = BID_FORM_FIELDS.map((f) => f.name).sort();
    expect(shown).toEqual([...BID_FIELD_NAMES].sort());
  });

  it('holds every bid field, null when unset', () => {
    expect(Object.keys(valuesOf({})).sort()).toEqual([...BID_FIELD_NAMES].sort());
  });
});
