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
