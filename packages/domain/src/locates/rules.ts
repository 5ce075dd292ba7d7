/**
 * Locate rules of spec 3 (sections 4 and 9) and the expiry watch (docs/locates.md): statuses and ticket
 * types, the date rules of a ticket and of a re-up under the account's ticket life, days left and
 * their colour, what counts as live or expiring, and the warnings of work planned without a live locate.
 */
import { addDays, daysBetween, shownDate } from '../shared/dates.ts';
import { daysAway, dueColour } from '../shared/rules.ts';

/** Every status a locate may hold: the detail's (Active, Marked, Completed, Job On Hold, Canceled) and the list's (Returned). */
export const LOCATE_STATUSES = ['Active', 'Marked', 'Completed', 'Returned', 'Job On Hold', 'Canceled'] as const;
export type LocateStatus = (typeof LOCATE_STATUSES)[number];
/** The statuses the detail screen offers. */
export const LOCATE_DETAIL_STATUSES = ['Active', 'Marked', 'Completed', 'Job On Hold', 'Canceled'] as const;
/** The statuses the list offers. */
export const LOCATE_LIST_STATUSES = ['Active', 'Completed', 'Returned', 'Canceled'] as const;
export const NEW_LOCATE_STATUS = 'Active';

/**
 * The statuses whose ticket must be kept alive: the work is still to be dug (Active) or the marks are
 * out and the crew is digging (Marked). A completed, returned, cancelled or on-hold locate needs no re-up.
 */
export const WATCHED_LOCATE_STATUSES: readonly LocateStatus[] = ['Active', 'Marked'];

/** Ticket types (the spec's spelling, 'No Reponse', kept: it is what stored records hold). */
export const LOCATE_TICKET_TYPES = ['Update', 'Re-mark', 'Normal', 'Emergency', 'No Reponse', 'Other'] as const;
/** A new locate's ticket type, until its detail is first opened. */
export const NEW_TICKET_TYPE = 'New';
/** What the first open of the detail turns a New ticket type into. */
export const FIRST_OPEN_TICKET_TYPE = 'Normal';
/** Every value current_ticket_type may hold. */
export const CURRENT_TICKET_TYPES = [NEW_TICKET_TYPE, ...LOCATE_TICKET_TYPES] as const;
/** A re-up is an update of the ticket at the one-call centre. */
export const REUP_TICKET_TYPE = 'Update';

/** Days-left colouring of locates: red under 5, orange under 10 (tickets and RFQs use 4 and 7). */
export const LOCATE_RED_UNDER = 5;
export const LOCATE_ORANGE_UNDER = 10;

// ---- the account's ticket life ----------------------------------------------------------------

export const TICKET_LIFE_BASES = ['calendar', 'working'] as const;
export type TicketLifeBasis = (typeof TICKET_LIFE_BASES)[number];

/** The account's locate rules (Settings > Locates). */
export interface LocateRules {
  /** Days a ticket stays valid: after submission, or after a re-up's work date. */
  ticket_life_days: number;
  /** Calendar days, or working days (weekends and the holidays left out). */
  ticket_life_basis: TicketLifeBasis;
  /** Days after a re-up's submission before its work may start (its work date). */
  work_wait_days: number;
  /** Re-up lead time: a locate is expiring once its expiry is within this many days. */
  reup_lead_days: number;
  /** Dates (YYYY-MM-DD) that are no working day. */
  holidays: readonly string[];
}

/** The spec's rules: 14 calendar days of life, work 2 days after a re-up's submission, re-up 2 days ahead. */
export const DEFAULT_LOCATE_RULES: LocateRules = { ticket_life_days: 14, ticket_life_basis: 'calendar', work_wait_days: 2, reup_lead_days: 2, holidays: [] };

/** Saturday and Sunday (0 and 6 in UTC, where dates are reckoned). */
const weekend = (d: string) => {
  const day = new Date(`${d.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/** Whether a date is a working day under the rules (every day is one on a calendar basis). */
export function isWorkingDay(d: string, rules: Pick<LocateRules, 'ticket_life_basis' | 'holidays'>): boolean {
  return rules.ticket_life_basis === 'calendar' || (!weekend(d) && !rules.holidays.includes(d));
}

/**
 * `days` days after `from` under the rules: calendar days, or working days counted from the day after
 * `from` (so a ticket submitted on a Friday with 2 working days' wait may be worked on Tuesday).
 */
export function addTicketDays(from: string, days: number, rules: Pick<LocateRules, 'ticket_life_basis' | 'holidays'>): string {
  if (rules.ticket_life_basis === 'calendar') return addDays(from, days);
  const holidays = new Set(rules.holidays);
  let d = from.slice(0, 10);
  for (let left = days; left > 0; ) {
    d = addDays(d, 1);
    if (!weekend(d) && !holidays.has(d)) left -= 1;
  }
  return d;
}

/** A ticket's expiry: its life after submission (spec: 14 days). */
export const expiryAfterSubmission = (submitted: string, rules: LocateRules) => addTicketDays(submitted, rules.ticket_life_days, rules);
/** A re-up's work date: the wait after its submission (spec: 2 days). */
export const reUpWorkDate = (submitted: string, rules: LocateRules) => addTicketDays(submitted, rules.work_wait_days, rules);
/** A re-up's expiry: the ticket's life after its work date (spec: 14 days). */
export const reUpExpiry = (workDate: string, rules: LocateRules) => addTicketDays(workDate, rules.ticket_life_days, rules);

/** The last expiry date that counts as expiring today: the lead time ahead of today. */
export const reUpDueBy = (today: string, rules: LocateRules) => addTicketDays(today, rules.reup_lead_days, rules);

// ---- days left, live and expiring ------------------------------------------------------------------

/** Red under 5 days, orange under 10 (expired is red); no date, no colour. */
export const locateDaysColour = (days: number | null | undefined) => dueColour(days, { red: LOCATE_RED_UNDER, orange: LOCATE_ORANGE_UNDER });

/** Days from today to the ticket's expiry, and its colour. */
export function locateDaysLeft(expiration: string | null | undefined, today: string) {
  const locate_days_left = daysAway(expiration ?? null, today);
  return { locate_days_left, locate_days_colour: locateDaysColour(locate_days_left) };
}

/** What the watch reads of a locate. */
export interface WatchedLocate {
  locate_status?: unknown;
  current_date_expiration?: unknown;
  archived?: unknown;
}

/** The locate's ticket must be kept alive (a watched status, not archived). */
export const isWatched = (l: WatchedLocate) => !l.archived && (WATCHED_LOCATE_STATUSES as readonly unknown[]).includes(l.locate_status);

/** A live locate on a day: watched, and its ticket not expired that day (valid through its expiry date). */
export const isLiveOn = (l: WatchedLocate, day: string) => isWatched(l) && typeof l.current_date_expiration === 'string' && l.current_date_expiration >= day;

/** Expiring: watched, with an expiry within the lead time or past. */
export const isExpiring = (l: WatchedLocate, today: string, rules: LocateRules) =>
  isWatched(l) && typeof l.current_date_expiration === 'string' && l.current_date_expiration <= reUpDueBy(today, rules);


// ---- warnings: work planned without a live locate ------------------------------------------------

/** Job work statuses after which no digging is planned. */
const DONE_WORK = new Set(['Complete', 'Completed', 'Canceled', 'Cancelled', 'Closed']);

/** A job (or task) has work planned: crews on it, or planned or produced feet, and it is not done or archived. */
export function workPlanned(o: { crews?: unknown; planned_feet?: unknown; produced_feet?: unknown; work_status?: unknown; archived?: unknown }): boolean {
  if (o.archived === true || DONE_WORK.has(String(o.work_status ?? ''))) return false;
  const crews = Array.isArray(o.crews) ? o.crews.length > 0 : typeof o.crews === 'string' && o.crews.trim() !== '';
  return crews || Number(o.planned_feet) > 0 || Number(o.produced_feet) > 0;
}

/**
 * The warning of a job or task with work planned and no live locate today, else null:
 * 'No locate for the planned work', or 'Locate expired MM/DD/YYYY' naming the last expiry.
 */
export function missingLocateWarning(planned: boolean, locates: readonly WatchedLocate[], today: string): string | null {
  if (!planned || locates.some((l) => isLiveOn(l, today))) return null;
  const expiries = locates.filter(isWatched).map((l) => l.current_date_expiration).filter((d): d is string => typeof d === 'string');
  if (!expiries.length) return 'No live locate for the planned work';
  const last = expiries.sort().at(-1)!;
  return `No live locate: the last expired ${shownDate(last)}`;
}

/** A locate as production reads it: its watch fields and the segments it names (none: the whole job). */
export interface SegmentLocate extends WatchedLocate {
  current_ticket_number?: unknown;
  segments?: readonly unknown[];
}

const segmentKey = (s: unknown) => String(s ?? '').trim().toLowerCase();

/**
 * The warning for production entered on a segment on a day whose locates have all expired (never a
 * refusal): the locates naming the segment, or naming none, and none of them live that day.
 */
export function productionLocateWarning(segment: unknown, day: string, locates: readonly SegmentLocate[]): string | null {
  const key = segmentKey(segment);
  const covering = locates.filter((l) => isWatched(l) && (!l.segments?.length || (key !== '' && l.segments.some((s) => segmentKey(s) === key))));
  if (!covering.length || covering.some((l) => isLiveOn(l, day))) return null;
  const last = covering
    .filter((l) => typeof l.current_date_expiration === 'string')
    .sort((a, b) => String(b.current_date_expiration).localeCompare(String(a.current_date_expiration)))[0];
  const what = key ? `segment ${String(segment).trim()}` : 'this job';
  if (!last) return `The locates of ${what} have no expiry date`;
  const ticket = last.current_ticket_number ? `ticket ${String(last.current_ticket_number)} ` : '';
  return `The locates of ${what} have expired (${ticket}expired ${shownDate(String(last.current_date_expiration))}, ${daysBetween(String(last.current_date_expiration), day)} days before ${shownDate(day)})`;
}
