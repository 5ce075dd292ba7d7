/** The organization's lines as the page shows them: the contacts offered for a call, meeting or e-mail, and a contact's own name. Tested in linesLogic.test.ts. */
import { contactName, salesContacts, type CollectionDef, type Line } from '@trenchline/domain';

/** The organization's contacts as choices (value the contact's id, label its name), blank first; a contact since deleted stays shown as such. */
export function contactChoices(contacts: readonly Line[], current: string): { value: string; label: string }[] {
  const shown = contacts.map((c) => ({ value: c.id, label: contactName(c) ?? `Contact ${c.id}` }));
  const gone = current && !contacts.some((c) => c.id === current) ? [{ value: current, label: `Contact ${current} (deleted)` }] : [];
  return [{ value: '', label: '' }, ...gone, ...shown];
}

/** The contacts as edited: first and last name, and a name of its own (for a contact shown otherwise, e.g. 'Front desk'), then the rest. */
export const contactsEdited: CollectionDef = {
  ...salesContacts,
  fields: [...salesContacts.fields.slice(0, 2), { name: 'name', label: 'Name', kind: 'text', width: 160 }, ...salesContacts.fields.slice(2)],
};
