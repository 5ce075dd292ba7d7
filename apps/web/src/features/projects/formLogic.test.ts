import { describe, expect, it } from 'vitest';
import { changedFields, rebase, SCROLL_OFFSET, scrollTopFor, toPayload, valuesOf } from './formLogic';

const base = valuesOf({ name: 'Main St bore', city: 'Tulsa', po_amount: 1250.5, archived: false });

describe('the project form', () => {
  it('has every field, null when unset', () => {
    expect(base.name).toBe('Main St bore');
    expect(base.description).toBeNull();
    expect(Object.keys(base)).toContain('po_amount');
  });
  it('sees no change in blank text vs null, or in money typed as text', () => {
    expect(changedFields(base, { ...base, description: '' })).toEqual([]);
    expect(changedFields(base, { ...base, po_amount: '1250.50' })).toEqual([]);
    expect(changedFields(base, { ...base, po_amount: '1250.51', city: 'Tulsa ' })).toEqual(['po_amount', 'city']);
  });
  it('keeps the user\'s edits over someone else\'s newer save and names fields both changed', () => {
    const draft = { ...base, city: 'Broken Arrow', status: 'Won' };
    const newer = { ...base, city: 'Owasso', description: 'Added by them' };
    const r = rebase(base, draft, newer);
    expect(r.draft).toMatchObject({ city: 'Broken Arrow', status: 'Won', description: 'Added by them' });
    expect(r.conflicts).toEqual(['city']);
  });
  it('sends blank text as null and money in cents', () => {
    const p = toPayload({ ...base, name: '', po_amount: '99.999' as unknown as number });
    expect(p.name).toBeNull();
    expect(p.po_amount).toBe(100);
    expect(p.archived).toBe(false);
  });
});

describe('the scroll-to-section bar', () => {
  it('leaves 150 px above the section', () => {
    expect(SCROLL_OFFSET).toBe(150);
    expect(scrollTopFor(900, 200)).toBe(950);
    expect(scrollTopFor(100, 0)).toBe(0);
  });
});
