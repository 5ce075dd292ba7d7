/**
 * The re-up form's pure logic: the account's rules from Settings > Locates, the form's starting
 * values (the current numbers, type Update, submitted today), the dates the server's rule will fill
 * for a blank work date or expiry (shown before saving), and what the form sends (a blank leaves the
 * field to the rule).
 */
import { DEFAULT_LOCATE_RULES, reUpExpiry, reUpWorkDate, REUP_TICKET_TYPE, TICKET_LIFE_BASES, type LocateRules, type TicketLifeBasis } from '@trenchline/domain';
import type { ReUpValues } from '../../api/reUpLocate';

/** GET /api/settings/locates/ as answered: the rules and the holidays as lines. */
export interface LocateSettingsAnswer {
  ticket_life_days?: number | string | null;
  ticket_life_basis?: string | null;
  work_wait_days?: number | string | null;
  reup_lead_days?: number | string | null;
  holidays?: { date?: string | null }[] | null;
}

const count = (v: unknown, fallback: number) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? fallback : Number(v));

/** The rules the server applies: Settings' values, the spec's where unset. */
export function rulesOfSettings(s: LocateSettingsAnswer | null | undefined): LocateRules {
  const d = DEFAULT_LOCATE_RULES;
  const basis = (TICKET_LIFE_BASES as readonly string[]).includes(String(s?.ticket_life_basis)) ? (s!.ticket_life_basis as TicketLifeBasis) : d.ticket_life_basis;
  return {
    ticket_life_days: count(s?.ticket_life_days, d.ticket_life_days),
    ticket_life_basis: basis,
    work_wait_days: count(s?.work_wait_days, d.work_wait_days),
    reup_lead_days: count(s?.reup_lead_days, d.reup_lead_days),
    holidays: (s?.holidays ?? []).map((h) => h.date).filter((x): x is string => typeof x === 'string' && x !== ''),
  };
}

/** The re-up form's values: every field as typed ('' when blank). */
export interface ReUpForm {
  ticket_number: string;
  alt_ticket_number: string;
  ticket_type: string;
  segment: string;
  date_submitted: string;
  work_date: string;
  date_expiration: string;
  remarks: string;
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The form as it opens: the current numbers (a re-up usually keeps the ticket), type Update, submitted today. */
export function reUpStart(locate: { current_ticket_number?: unknown; current_alt_ticket_number?: unknown }, today: string): ReUpForm {
  return {
    ticket_number: s(locate.current_ticket_number),
    alt_ticket_number: s(locate.current_alt_ticket_number),
    ticket_type: REUP_TICKET_TYPE,
    segment: '',
    date_submitted: today,
    work_date: '',
    date_expiration: '',
    remarks: '',
  };
}

/**
 * The dates the re-up will have: the typed ones, else the rule's (the work date after the submission,
 * the expiry after the work date), with whether each came from the rule.
 */
export function reUpDates(form: Pick<ReUpForm, 'date_submitted' | 'work_date' | 'date_expiration'>, rules: LocateRules, today: string) {
  const submitted = form.date_submitted || today;
  const work = form.work_date || reUpWorkDate(submitted, rules);
  const expiry = form.date_expiration || reUpExpiry(work, rules);
  return { date_submitted: submitted, work_date: work, date_expiration: expiry, workByRule: !form.work_date, expiryByRule: !form.date_expiration };
}

/** What the re-up sends: blank fields are left out (the server keeps the current numbers and fills the dates by its rules). */
export function reUpPayload(form: ReUpForm): ReUpValues {
  const out: ReUpValues = {};
  for (const [k, v] of Object.entries(form) as [keyof ReUpForm, string][]) if (v.trim() !== '') out[k] = v.trim();
  return out;
}

/** How the rule reads, e.g. '2 days after submission' / '14 working days after the work date'. */
export function ruleWords(rules: LocateRules) {
  const unit = rules.ticket_life_basis === 'working' ? 'working day' : 'day';
  const n = (k: number) => `${k} ${unit}${k === 1 ? '' : 's'}`;
  return { work: `${n(rules.work_wait_days)} after submission`, expiry: `${n(rules.ticket_life_days)} after the work date` };
}
