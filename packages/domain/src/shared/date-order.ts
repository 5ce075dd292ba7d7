/**
 * Dates that cannot be (issue 28): an expiry before its submission, a stop before its start. One rule
 * for every record and line that holds such a pair (a locate, a locate number line, an RFQ's PO dates,
 * a project's start and due dates) and for a re-up against the ticket it replaces.
 *
 * The spec's client PUTs the whole object back, so a record saved before this rule may already hold a
 * bad pair: a save refuses only when it changes one of the pair's two dates (sets it, or changes it
 * from one value to another) and the pair is then bad. A save that leaves both dates as they stand
 * goes through, whatever else it changes. A pair with a date missing is never bad.
 */
import { DomainError } from './decider.ts';
import { shownDate } from './dates.ts';

/** Two date fields of one record or line: `later` may not be before `earlier`. Labels are the users' words. */
export interface DateOrder {
  earlier: string;
  later: string;
  earlierLabel: string;
  laterLabel: string;
}

const dateIn = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);

/**
 * The fields a save puts in a bad order, each with why: for every pair whose dates the save changes
 * (before → after) and whose later date is then before its earlier one, the changed fields of the pair
 * (both when it changes both). Empty when nothing is wrong. `before` is `{}` for a new record.
 */
export function badDateOrder(before: Record<string, unknown>, after: Record<string, unknown>, pairs: readonly DateOrder[]): Record<string, string> {
  const changed = (f: string) => dateIn(before[f]) !== dateIn(after[f]);
  const bad: Record<string, string> = {};
  for (const p of pairs) {
    const earlier = dateIn(after[p.earlier]);
    const later = dateIn(after[p.later]);
    if (!earlier || !later || later >= earlier || !(changed(p.earlier) || changed(p.later))) continue;
    if (changed(p.later)) bad[p.later] ??= `must not be before the ${p.earlierLabel} (${shownDate(earlier)})`;
    if (changed(p.earlier)) bad[p.earlier] ??= `must not be after the ${p.laterLabel} (${shownDate(later)})`;
  }
  return bad;
}

/** Refuses a save that puts dates in a bad order (400 naming each field, nothing written): `badDateOrder`. */
export function checkDateOrder(before: Record<string, unknown>, after: Record<string, unknown>, pairs: readonly DateOrder[]): void {
  const bad = badDateOrder(before, after, pairs);
  const [field] = Object.keys(bad);
  if (field) throw new DomainError('invalid', `${labelOf(field, pairs)} ${bad[field]}`, bad);
}

/** What users call a field of the pairs, capitalised for the start of a message. */
function labelOf(field: string, pairs: readonly DateOrder[]) {
  const p = pairs.find((x) => x.earlier === field || x.later === field)!;
  const label = p.earlier === field ? p.earlierLabel : p.laterLabel;
  return label[0].toUpperCase() + label.slice(1);
}
