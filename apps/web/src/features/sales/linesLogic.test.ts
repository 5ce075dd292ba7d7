import { describe, expect, it } from 'vitest';
import { contactChoices, contactsEdited } from './linesLogic';

const contacts = [
  { id: '5', first_name: 'Ann', last_name: 'Lee', name: null },
  { id: '6', first_name: null, last_name: null, name: 'Front desk' },
];

describe("an organization's lines", () => {
  it("given the organization's contacts, then a call's contact is picked from them by name, blank first", () => {
    expect(contactChoices(contacts, '5')).toEqual([
      { value: '', label: '' },
      { value: '5', label: 'Ann Lee' },
      { value: '6', label: 'Front desk' },
    ]);
  });

  it('given a line naming a contact since deleted, then that contact stays offered as deleted', () => {
    expect(contactChoices(contacts, '9')[1]).toEqual({ value: '9', label: 'Contact 9 (deleted)' });
  });

  it('given the contacts edited, then first name, last name and a name of its own come first', () => {
    expect(contactsEdited.fields.map((f) => f.name).slice(0, 4)).toEqual(['first_name', 'last_name', 'name', 'title']);
  });
});
