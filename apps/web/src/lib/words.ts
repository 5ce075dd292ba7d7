/** Words on screen that follow a count. */

/** Nouns with no plural of their own: 'No equipment yet.', not 'No equipments yet.'. */
const UNCOUNTED = /(data|equipment|payroll|information)$/i;

/** The plural of a line's noun for 'No ... yet.': 'note' → 'notes', 'customer data' stays, 'entry' → 'entries'. */
export function plural(noun: string): string {
  if (UNCOUNTED.test(noun)) return noun;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/**
 * What an empty list or table says: none, and how to fill it, from the noun and the label of the
 * button that adds one: 'No notes yet. Press Add note to add one.'; `orElse` is another way in,
 * `scope` what is shown ('yet', 'for these choices').
 */
export function noneYet(nouns: string, action?: string, orElse?: string, scope = 'yet'): string {
  const how = action ? ` Press ${action} to add one${orElse ? `, or ${orElse}` : ''}.` : orElse ? ` ${orElse[0].toUpperCase()}${orElse.slice(1)}.` : '';
  return `No ${nouns} ${scope}.${how}`;
}
