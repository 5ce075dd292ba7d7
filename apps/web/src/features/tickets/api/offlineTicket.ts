/**
 * A ticket's writes made offline, as the screen shows them before the server has them (pure, unit
 * tested): saved fields laid over the kept ticket, its edited lines merged by id, production lines
 * added under temporary ids, and each command's label in words.
 */
import type { Line } from '@trenchline/domain';
import { joinWords } from '../../../components/record/conflictLogic';
import { isTempId } from '../../../lib/offline/outboxLogic';
import { ticketFieldLabel } from '../components/detail/fields';
import { linesOf, type TicketDetail } from './ticketDetailTypes';

/** 'Ticket 12' (or 'New ticket' before the server numbered it). */
export const ticketWords = (t: { account_ticket_number?: string | null } | undefined) => (t?.account_ticket_number ? `Ticket ${t.account_ticket_number}` : 'New ticket');

/** 'New ticket: Ridge Rd day 2 made'. */
export const madeLabel = (values: { title?: string }) => `New ticket${values.title ? ` ${values.title}` : ''} made`;

/** 'Ticket 12: saved Title and Notes'. */
export const savedLabel = (t: TicketDetail | undefined, values: Record<string, unknown>) =>
  `${ticketWords(t)}: saved ${joinWords(Object.keys(values).map((k) => (k === 'ticket_productions' ? 'production lines' : ticketFieldLabel(k))))}`;

/** 'Ticket 12: 2 production lines added'. */
export const addedLabel = (t: TicketDetail | undefined, n: number) => `${ticketWords(t)}: ${n === 1 ? 'a production line' : `${n} production lines`} added`;

/** 'Ticket 12: customer signature of Cass Ames'. */
export const signedLabel = (t: TicketDetail | undefined, kind: string, signer: string) => `${ticketWords(t)}: ${kind === 'customer_signatures' ? 'customer' : 'worker'} signature of ${signer}`;

/**
 * A signature taken on the device, as its section shows it until the server has it: signed now, taken
 * by this user, under its temporary id (the section marks it waiting); its fingerprint is the server's to give.
 */
export const localSignature = (id: string, signed: { signer_name: string; signer_title?: string; signature_image: string }, by: string | null, at: string): Line => ({
  id,
  signer_name: signed.signer_name,
  signer_title: signed.signer_title ?? null,
  signature_image: signed.signature_image,
  signed_by: by,
  signed_at: at,
  version: 0,
  fingerprint: null,
  fingerprint_short: null,
  signature_current: true,
  signature_state: 'current',
  changes_since: [],
});

/** Lines edited (each with its id) laid over the rows; their versions stay the rows' (the server has not moved). */
function mergeLines(rows: readonly Line[], edited: readonly Record<string, unknown>[]): Line[] {
  return rows.map((row) => {
    const edit = edited.find((l) => l.id === row.id);
    if (!edit) return row;
    const { version: _v, ...fields } = edit;
    return { ...row, ...fields };
  });
}

/** The ticket as it shows once a save is kept: its fields set, its lines merged by id. */
export function savedOver(t: TicketDetail, values: Record<string, unknown>): TicketDetail {
  const next: Record<string, unknown> = { ...t };
  for (const [k, v] of Object.entries(values)) next[k] = Array.isArray(v) && Array.isArray(t[k]) ? mergeLines(t[k] as Line[], v as Record<string, unknown>[]) : v;
  return next as TicketDetail;
}

/**
 * A line added offline has no version the server knows: its edits are sent without one (the server
 * takes them as made on the line as it stands, which only this user has seen).
 */
export const withoutTempVersions = (values: Record<string, unknown>) =>
  Array.isArray(values.ticket_productions)
    ? { ...values, ticket_productions: (values.ticket_productions as Record<string, unknown>[]).map(({ version, ...l }) => (isTempId(l.id) ? l : { ...l, version })) }
    : values;

/** The production lines added offline, each under its temporary id, numbered after the last (or at the number typed). */
export function localProductions(t: TicketDetail, lines: readonly Record<string, unknown>[], ids: readonly string[]): Line[] {
  const last = Math.max(0, ...linesOf(t, 'ticket_productions').map((l) => Number(l.line_number) || 0));
  return lines.map((l, i) => ({ ...l, id: ids[i], line_number: l.line_number ?? last + i + 1, version: 0, photos: [] }) as Line);
}

/**
 * A ticket made offline, as its screen shows it until the server numbers it: New, on its job (and
 * task), no lines, unsigned, totals 0, version 0 (nothing the server knows).
 */
export function localTicket(id: string, values: Record<string, unknown>): TicketDetail {
  const job = (values.job as string | undefined) ?? null;
  return {
    ...values,
    id,
    version: 0,
    account_ticket_number: null,
    job_ref_id: job,
    job_ref: job,
    created_date: null,
    approved: false,
    approval_date: null,
    approved_by: null,
    last_updated: null,
    last_updated_by: null,
    feet_total: 0,
    other_total: 0,
    equipment_hours_total: 0,
    timecard_hours_total: 0,
    expenses_total: 0,
    expenses_total_billable: 0,
    expenses_total_webuy: 0,
    fingerprint: '',
    signature_status: 'unsigned',
    stamped_ticket_file: null,
    ticket_pdf_from_tablet: null,
    ticket_days_left: null,
    ticket_days_colour: null,
  } as unknown as TicketDetail;
}
