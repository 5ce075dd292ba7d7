import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '@trenchline/domain';
import { filledValues, missingFields, newFormOf } from './NewRecordDialog';

const SPECS: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'category', label: 'Category', kind: 'choice', choices: ['Safety', 'Vehicle'] },
  { name: 'notes', label: 'Notes', kind: 'longtext' },
];

describe('a New dialog', () => {
  it('given an area field declaration, when a New form picks from it, then it keeps their labels, kinds and choices in order and marks the required', () => {
    expect(newFormOf('New routine', SPECS, ['category', 'name'], ['name'])).toEqual({
      label: 'New routine',
      fields: [
        { name: 'category', label: 'Category', kind: 'choice', choices: ['Safety', 'Vehicle'], required: undefined },
        { name: 'name', label: 'Name', kind: 'text', choices: undefined, required: true },
      ],
    });
    expect(() => newFormOf('New routine', SPECS, ['colour'])).toThrow('no field colour');
  });

  it('given blank and filled values, when posted, then only the filled ones are sent', () => {
    expect(filledValues({ name: 'Truck check', category: null, notes: '  ', due: undefined })).toEqual({ name: 'Truck check' });
  });

  it('given a required field left blank, then its error names it; filled, none', () => {
    const form = newFormOf('New routine', SPECS, ['name', 'notes'], ['name']);
    expect(missingFields(form.fields, { name: ' ', notes: 'x' })).toEqual({ name: 'Name is required.' });
    expect(missingFields(form.fields, { name: 'Truck check' })).toEqual({});
  });
});
