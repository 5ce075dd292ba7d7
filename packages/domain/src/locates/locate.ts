/**
 * The locate aggregate: an 811 ticket with its current fields, the history of its ticket numbers,
 * customer data, crews and notes. Its own rules: the dates by the account's rules (rules.ts), the
 * re-up (LocateReUpped) and the first open (LocateFirstOpened).
 */
import { applyChanges, diff, hasChanges, isEmpty } from '../shared/changes.ts';
import { compareIds, linesOfCollection, parseLineValues, stampVersion, type Line } from '../shared/collections.ts';
import { DomainError, type Decider } from '../shared/decider.ts';
import { badDateOrder, checkDateOrder, type DateOrder } from '../shared/date-order.ts';
import { shownDate } from '../shared/dates.ts';
import { filledValues, newRecordState, recordDecider, recordNames, type RecordState, requireRecord } from '../shared/record-decider.ts';
import { type LocateCommand, type LocateFields, locateFields, type ReUpFields } from './commands.ts';
import type { LocateEvent, LocateFirstOpened, LocateReUpped } from './events.ts';
import { locateCollections, locateNumbers } from './collections.ts';
import {
  DEFAULT_LOCATE_RULES,
  expiryAfterSubmission,
  FIRST_OPEN_TICKET_TYPE,
  NEW_LOCATE_STATUS,
  NEW_TICKET_TYPE,
  REUP_TICKET_TYPE,
  reUpExpiry,
  reUpWorkDate,
  type LocateRules,
} from './rules.ts';

export type LocateState = RecordState<LocateFields> & {
  /** Who first opened the detail, and when (LocateFirstOpened). */
  opened_at?: string | null;
  opened_by?: string | null;
  /** The last re-up: its version in the stream and who made it (a re-up based on an older version is refused). */
  last_reup?: { version: number; by: string | null } | null;
};

export const initialLocateState: LocateState = newRecordState();

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The current expiry after an edit: one typed in the edit stands; otherwise, with a submission date,
 * an empty expiry (or one the rule gave the old submission date) becomes the rule's for the new one.
 * A date typed by hand earlier is kept.
 */
export function withLocateDates(before: Partial<LocateFields>, values: Partial<LocateFields>, rules: LocateRules): Partial<LocateFields> {
  const has = (k: keyof LocateFields) => k in values && values[k] !== undefined;
  if (has('current_date_expiration') && !isEmpty(values.current_date_expiration)) return values;
  const submitted = str(has('current_date_submitted') ? values.current_date_submitted : before.current_date_submitted);
  if (!submitted) return values;
  const expiry = str(has('current_date_expiration') ? values.current_date_expiration : before.current_date_expiration);
  const oldSubmitted = str(before.current_date_submitted);
  const ruleGaveIt = expiry !== null && oldSubmitted !== null && expiry === expiryAfterSubmission(oldSubmitted, rules);
  if (expiry === null || (ruleGaveIt && oldSubmitted !== submitted)) return { ...values, current_date_expiration: expiryAfterSubmission(submitted, rules) };
  return values;
}

/** A locate's expiry is not before its submission or its work date (issue 28; shared/date-order.ts says when a save is refused). */
export const LOCATE_DATE_ORDER: readonly DateOrder[] = [
  { earlier: 'current_date_submitted', later: 'current_date_expiration', earlierLabel: 'submission date', laterLabel: 'expiry' },
  { earlier: 'current_work_date', later: 'current_date_expiration', earlierLabel: 'work date', laterLabel: 'expiry' },
];

/** The same for a line of the history of locate numbers. */
export const LOCATE_NUMBER_DATE_ORDER: readonly DateOrder[] = [
  { earlier: 'date_submitted', later: 'date_expiration', earlierLabel: 'submission date', laterLabel: 'expiry' },
  { earlier: 'work_date', later: 'date_expiration', earlierLabel: 'work date', laterLabel: 'expiry' },
];

/** A re-up's dates against the current ticket's, the one it replaces. */
const REPLACED_DATES = [
  { field: 'date_submitted', current: 'current_date_submitted', label: 'submission date' },
  { field: 'work_date', current: 'current_work_date', label: 'work date' },
  { field: 'date_expiration', current: 'current_date_expiration', label: 'expiry' },
] as const;

/**
 * A re-up's new ticket: its own expiry not before its submission or work date, and none of its dates
 * (submitted, work date, expiry) before the same date of the current ticket it replaces. 400 naming
 * each field, nothing written.
 */
export function checkReUpDates(current: Partial<LocateFields>, next: Record<string, unknown>) {
  const bad = badDateOrder({}, next, LOCATE_NUMBER_DATE_ORDER);
  for (const d of REPLACED_DATES) {
    const was = str(current[d.current]);
    const now = str(next[d.field]);
    if (was && now && now < was) bad[d.field] ??= `must not be before the ${d.label} of the ticket it replaces (${shownDate(was)})`;
  }
  const [field] = Object.keys(bad);
  if (field) throw new DomainError('invalid', `The re-up's ${REPLACED_DATES.find((d) => d.field === field)!.label} ${bad[field]}`, bad);
}

/** The re-up's history line values: what was given, the rest by the rules and from the current ticket. */
export function reUpValues(current: Partial<LocateFields>, history: Line[], given: ReUpFields, today: string, rules: LocateRules) {
  const date_submitted = str(given.date_submitted) ?? today;
  const work_date = str(given.work_date) ?? reUpWorkDate(date_submitted, rules);
  const date_expiration = str(given.date_expiration) ?? reUpExpiry(work_date, rules);
  const last = history.at(-1);
  return {
    segment: given.segment ?? (last?.segment as string | null | undefined) ?? null,
    ticket_number: given.ticket_number ?? current.current_ticket_number ?? null,
    alt_ticket_number: given.alt_ticket_number ?? current.current_alt_ticket_number ?? null,
    ticket_type: given.ticket_type ?? REUP_TICKET_TYPE,
    date_submitted,
    work_date,
    date_expiration,
    remarks: given.remarks ?? null,
  };
}

/** The original ticket as a history line, when the history has none yet and the re-up is another ticket. */
function originalTicket(current: Partial<LocateFields>, history: Line[], reUp: { ticket_number: string | null }) {
  if (history.length || !current.current_ticket_number || current.current_ticket_number === reUp.ticket_number) return null;
  return {
    segment: null,
    ticket_number: current.current_ticket_number,
    alt_ticket_number: current.current_alt_ticket_number ?? null,
    ticket_type: current.current_ticket_type ?? null,
    date_submitted: current.current_date_submitted ?? null,
    work_date: current.current_work_date ?? null,
    date_expiration: current.current_date_expiration ?? null,
    remarks: 'Original ticket',
  };
}

/**
 * A re-up replaces the current ticket as its author saw it (`base`, the locate's version then). When
 * the locate was re-upped since, that ticket is no longer current: two re-ups at once are one re-up and
 * a 409 naming the newer ticket, never two re-ups of one ticket (issue 29). The same holds when the
 * re-up's line ids do not follow every line of the history (they were handed out before a re-up now
 * in it): the history reads in id order, so they would put the new ticket before an older one.
 */
function checkReplacesCurrent(state: LocateState, history: Line[], base: number, lineIds: readonly string[]) {
  const since = (state.last_reup?.version ?? 0) > base;
  const behind = history.some((l) => compareIds(String(l.id), lineIds[0]) >= 0);
  if (!since && !behind) return;
  const ticket = str(state.fields.current_ticket_number);
  const by = state.last_reup?.by;
  const what = [ticket, by ? `by ${by}` : null].filter(Boolean).join(' ');
  throw new DomainError('conflict', `This locate was re-upped meanwhile${what ? ` (${what})` : ''}: re-up the current ticket if it still needs one`);
}

export const locateDecider: Decider<LocateState, LocateCommand, LocateEvent> = recordDecider<LocateState, LocateCommand, LocateEvent>({
  aggregate: 'locate',
  label: 'Locate',
  collections: locateCollections,
  ...recordNames('Locate'),
  created: (values, command) => {
    const given = locateFields.parse({ archived: false, locate_status: NEW_LOCATE_STATUS, current_ticket_type: NEW_TICKET_TYPE, ...filledValues(values) });
    return withLocateDates({}, given, (command as { rules?: LocateRules }).rules ?? DEFAULT_LOCATE_RULES);
  },
  revised: (values, state, command) => withLocateDates(state.fields, values, (command as { rules?: LocateRules }).rules ?? DEFAULT_LOCATE_RULES),
  // The dates are checked as the edit leaves them, the rule's expiry included; a pair the edit leaves alone is not.
  dateOrder: LOCATE_DATE_ORDER,
  lines: (command, state, _meta, plain) => {
    if (command.collection !== locateNumbers.name || command.type === 'RemoveLine') return plain(command);
    const before = command.type === 'ReviseLine' ? (state.lines.locate_numbers?.[command.lineId] ?? {}) : {};
    checkDateOrder(before, { ...before, ...parseLineValues(locateNumbers, command.values, true) }, LOCATE_NUMBER_DATE_ORDER);
    return plain(command);
  },

  decide(command, state, meta) {
    switch (command.type) {
      case 'OpenLocate': {
        requireRecord(state, 'Locate');
        if (state.fields.current_ticket_type !== NEW_TICKET_TYPE) return [];
        return [{ type: 'LocateFirstOpened', data: { changes: { current_ticket_type: { old: NEW_TICKET_TYPE, new: FIRST_OPEN_TICKET_TYPE } } } }];
      }
      case 'ReUpLocate': {
        requireRecord(state, 'Locate');
        const history = linesOfCollection(state.lines, locateNumbers);
        checkReplacesCurrent(state, history, command.base, command.lineIds);
        const given = parseLineValues(locateNumbers, command.values, true) as ReUpFields;
        const next = reUpValues(state.fields, history, given, command.today, command.rules);
        checkReUpDates(state.fields, next);
        const original = originalTicket(state.fields, history, next);
        const line = (id: string, v: Record<string, unknown>): Line => ({ ...v, id, locate: state.id!, created_by: meta.userName, created_date: meta.at });
        // Ids in the order handed out, so the history reads oldest first; an id left over is never used.
        const numbers = [...(original ? [original] : []), next].map((v, n) => line(command.lineIds[n], v));
        const changes = diff(state.fields as Record<string, unknown>, {
          current_ticket_number: next.ticket_number,
          current_alt_ticket_number: next.alt_ticket_number,
          current_ticket_type: next.ticket_type,
          current_date_submitted: next.date_submitted,
          current_work_date: next.work_date,
          current_date_expiration: next.date_expiration,
        });
        return [{ type: 'LocateReUpped', data: { numbers, changes } }];
      }
    }
    throw new Error(`unhandled case: ${command.type}`);
  },

  evolve(touched, event, meta) {
    if (event.type === 'LocateReUpped') {
      const { numbers, changes } = (event as LocateReUpped).data;
      const held = { ...(touched.lines.locate_numbers ?? {}) };
      for (const n of numbers) held[n.id] = stampVersion(n, meta);
      // A folder that does not know versions (none decides) keeps the last known one.
      const last_reup = meta.version === undefined ? (touched.last_reup ?? null) : { version: meta.version, by: meta.userName ?? null };
      return { ...touched, fields: hasChanges(changes) ? applyChanges(touched.fields, changes) : touched.fields, lines: { ...touched.lines, locate_numbers: held }, last_reup };
    }
    if (event.type === 'LocateFirstOpened') {
      return { ...touched, fields: applyChanges(touched.fields, (event as LocateFirstOpened).data.changes), opened_at: meta.at, opened_by: meta.userName ?? null };
    }
    return undefined;
  },
});
