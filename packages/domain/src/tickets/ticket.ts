/**
 * The field ticket aggregate: a day's work on a job with its production lines, items, equipment,
 * materials, expenses, timecards, payroll, customer data, notes, damage reports, photos and
 * signatures. Its own rules: the number from the ticket counter, approval (the status decides
 * `approved`), production lines numbered with insert and zero, signatures bound to the content they
 * signed (signatures.ts), and the approved production its job counts (`ticketAlongside`).
 */
import { applyChanges, type Changes } from '../shared/changes.ts';
import { collectionIn, eventTypes, linesOfCollection, parseLineValues, type Line, type LineCommand, type LineEvent, type LinesState } from '../shared/collections.ts';
import { DomainError, type CommandMeta, type Decider, type DomainEvent } from '../shared/decider.ts';
import type { AlongsideCommand } from '../shared/aggregates.ts';
import { filledValues, newRecordState, recordDecider, recordNames, type RecordState, requireRecord } from '../shared/record-decider.ts';
import { numberNewLine } from '../shared/line-numbers.ts';
import type { CountTicketProduction } from '../shared/ticket-production.ts';
import { type TicketCommand, type TicketFields, ticketFields } from './commands.ts';
import type { TicketApproved, TicketEditRequested, TicketEvent } from './events.ts';
import { SIGNATURE_COLLECTIONS, ticketCollections, ticketProductions, ticketTabletPdfs } from './collections.ts';
import { APPROVED_TICKET_STATUS, EDIT_REQUESTED_STATUS, isApprovedStatus, NEW_TICKET_STATUS, producedFeet, producedQty } from './rules.ts';
import { type ClaimedContent, contentFingerprint, contentSigned, signedContent } from './signatures.ts';

export type TicketState = RecordState<TicketFields>;
export const initialTicketState: TicketState = newRecordState();

/** The server's day of a write: the command's today when the api gave one, else the date of its own clock (meta.at). */
const dayOf = (command: { today?: string }, meta: CommandMeta) => command.today ?? meta.at.slice(0, 10);

/**
 * The approval fields a status brings (docs/tickets.md "Approval"): `approved` follows the status; becoming
 * approved records who (the writer) and when (the server's day); leaving the approved statuses clears both
 * (history keeps them). A move between approved statuses (Approved to Paid) changes none of them.
 */
export function approvalChanges(fields: Partial<TicketFields>, status: unknown, today: string, who: string): Changes {
  const was = fields.approved === true;
  const now = isApprovedStatus(status);
  if (was === now) return {};
  const set = (k: 'approved' | 'approval_date' | 'approved_by', v: unknown): Changes => ((fields[k] ?? null) === v ? {} : { [k]: { old: fields[k] ?? null, new: v } });
  return { ...set('approved', now), ...set('approval_date', now ? today : null), ...set('approved_by', now ? who : null) };
}

const newValues = (changes: Changes) => Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.new]));

const revisedProduction = eventTypes(ticketProductions).revised;
const isZero = (v: unknown) => v === 0 || v === '0';

/** Production lines: numbered in order (a line added at a taken number is inserted there), zeroing sets qty and feet to 0. */
function decideProductionLine(c: LineCommand, state: TicketState, plain: (c: LineCommand) => LineEvent[]): DomainEvent[] {
  if (c.type === 'RemoveLine') return plain(c);
  const values = parseLineValues(ticketProductions, c.values, true);
  const existing = c.type === 'ReviseLine' ? state.lines.ticket_productions?.[c.lineId] : undefined;
  const zeroing = values.line_zeroed === true && existing?.line_zeroed !== true;
  if (zeroing || (c.type === 'AddLine' && values.line_zeroed === true)) {
    if (!isZero(existing?.qty) || c.type === 'AddLine') values.qty = 0;
    if (!isZero(existing?.feet) || c.type === 'AddLine') values.feet = 0;
  }
  if (c.type === 'AddLine') {
    const sheet = linesOfCollection(state.lines, ticketProductions);
    const n = numberNewLine(sheet, values.line_number);
    const moved: DomainEvent[] = n.moved.map((m) => ({ type: revisedProduction, data: { id: m.id, changes: { line_number: { old: m.from, new: m.to } } } }));
    return [...moved, ...plain({ ...c, values: { ...values, line_number: n.line_number, ...(n.inserted ? { line_inserted: true } : {}) } })];
  }
  return plain({ ...c, values });
}

/**
 * A signature: the signer's name and the drawn image are needed; the content it signs is what the
 * device says the signer saw (`signed_content`, kept offline until sent) or else the ticket's as it
 * stands, its fingerprint the server's. A signature is never edited: remove it and sign again.
 */
function decideSignature(c: LineCommand, state: TicketState, plain: (c: LineCommand) => LineEvent[]): DomainEvent[] {
  if (c.type === 'RemoveLine') return plain(c);
  if (c.type === 'ReviseLine') {
    const events = plain(c);
    if (events.length) throw new DomainError('invalid', 'A signature cannot be changed: delete it and sign again', Object.fromEntries(Object.keys((events[0].data as { changes: Changes }).changes).map((f) => [f, 'a signature cannot be changed'])));
    return events;
  }
  const values = c.values as Record<string, unknown>;
  const missing: Record<string, string> = {};
  if (typeof values.signer_name !== 'string' || !values.signer_name.trim()) missing.signer_name = 'Please type the name of who signs';
  if (typeof values.signature_image !== 'string' || !values.signature_image) missing.signature_image = 'Please sign in the box';
  if (Object.keys(missing).length) throw new DomainError('invalid', Object.values(missing)[0], missing);
  // Parsed here too: a command may come from elsewhere than the route, which parsed it already.
  const claimed = parseLineValues(collectionIn(ticketCollections, c.collection), { signed_content: values.signed_content }, true).signed_content as ClaimedContent | undefined;
  const content = contentSigned(claimed, signedContent(state.fields as Record<string, unknown>, state.lines));
  const stamped = { signed_content: content, fingerprint: contentFingerprint(content), ...(claimed ? { signed_on_device: true } : {}) };
  return plain(c).map((e) => (e.type.endsWith('Added') ? { ...e, data: { ...e.data, line: { ...(e.data as { line: Line }).line, ...stamped } } } : e));
}

export const ticketDecider: Decider<TicketState, TicketCommand, TicketEvent> = recordDecider<TicketState, TicketCommand, TicketEvent>({
  aggregate: 'ticket',
  label: 'Ticket',
  collections: ticketCollections,
  ...recordNames('Ticket'),
  // A ticket created Approved, Invoiced, Paid or Resolved is approved by its writer, today; the approval fields are never a client's.
  created: (values, command, meta) => {
    const c = command as { ticketNumber?: string; today?: string };
    const given = filledValues(values, ticketFields.shape);
    const fields = ticketFields.parse({ archived: false, public: false, ticket_status: NEW_TICKET_STATUS, ...given });
    const approval = approvalChanges({ approved: false }, fields.ticket_status, dayOf(c, meta), meta.userName);
    return { approved: false, approval_date: null, approved_by: null, ...fields, account_ticket_number: c.ticketNumber ?? null, created_date: c.today ?? null, ...newValues(approval) };
  },
  // Only the editable fields; the approval fields follow a status change (approving by PUT records who and when, as approve/ does).
  revised: (values, state, command, meta) => {
    const own = Object.fromEntries(Object.entries(values).filter(([k]) => k in ticketFields.shape));
    if (!('ticket_status' in own) || own.ticket_status === state.fields.ticket_status) return own;
    return { ...own, ...newValues(approvalChanges(state.fields, own.ticket_status, dayOf(command as { today?: string }, meta), meta.userName)) };
  },
  lines: (command, state, _meta, plain) => {
    if (command.collection === ticketProductions.name) return decideProductionLine(command, state, plain);
    if (SIGNATURE_COLLECTIONS.includes(command.collection)) return decideSignature(command, state, plain);
    if (command.collection === ticketTabletPdfs.name && command.type === 'AddLine') {
      // One tablet PDF is kept: a new one replaces the old.
      const old = linesOfCollection(state.lines, ticketTabletPdfs);
      return [...old.flatMap((f) => plain({ type: 'RemoveLine', collection: ticketTabletPdfs.name, lineId: f.id })), ...plain(command)];
    }
    return plain(command);
  },

  decide(command, state, meta: CommandMeta) {
    switch (command.type) {
      case 'ApproveTicket': {
        requireRecord(state, 'Ticket');
        if (state.fields.ticket_status === APPROVED_TICKET_STATUS && state.fields.approved === true) return [];
        const status: Changes = state.fields.ticket_status === APPROVED_TICKET_STATUS ? {} : { ticket_status: { old: state.fields.ticket_status ?? null, new: APPROVED_TICKET_STATUS } };
        // Approving a Paid (or Invoiced, Resolved) ticket moves it back to Approved and keeps who approved it first.
        const changes: Changes = { ...status, ...approvalChanges(state.fields, APPROVED_TICKET_STATUS, dayOf(command, meta), meta.userName) };
        return [{ type: 'TicketApproved', data: { changes } } as TicketApproved];
      }
      case 'RequestTicketEdit': {
        requireRecord(state, 'Ticket');
        if (state.fields.ticket_status === EDIT_REQUESTED_STATUS) return [];
        const changes: Changes = { ticket_status: { old: state.fields.ticket_status ?? null, new: EDIT_REQUESTED_STATUS }, ...approvalChanges(state.fields, EDIT_REQUESTED_STATUS, dayOf({}, meta), meta.userName) };
        return [{ type: 'TicketEditRequested', data: { changes } } as TicketEditRequested];
      }
    }
    throw new Error(`unhandled case: ${(command as { type: string }).type}`);
  },
  evolve(touched, event) {
    if (event.type === 'TicketApproved' || event.type === 'TicketEditRequested') return { ...touched, fields: applyChanges(touched.fields, (event as TicketApproved).data.changes) };
    return undefined;
  },
});

/** What the ticket counts on its job now (null: nothing, as when it is not approved, deleted, or on no job). */
export function ticketJobCount(state: Pick<TicketState, 'id' | 'deleted' | 'fields' | 'lines'>): { job: string; count: NonNullable<CountTicketProduction['count']> } | null {
  const f = state.fields;
  if (!state.id || state.deleted || f.approved !== true || !f.job) return null;
  const cibe: Record<string, number> = {};
  const productions = Object.values(state.lines.ticket_productions ?? {});
  for (const p of productions) {
    const line = typeof p.job_orca_cibe === 'string' && p.job_orca_cibe ? p.job_orca_cibe : null;
    if (line) cibe[line] = Math.round(((cibe[line] ?? 0) + producedQty(p)) * 10_000) / 10_000;
  }
  const feet = Math.round(productions.reduce((s, p) => s + producedFeet(p), 0) * 10_000) / 10_000;
  return { job: String(f.job), count: { cibe, segment_ref: f.job_seg_ref_id ? String(f.job_seg_ref_id) : null, segment_number: (f.segment_number as string | null) ?? null, feet } };
}

/** The job commands a ticket write brings (AggregateDef.alongside): take out what it counted where it no longer counts, count what it counts now. */
export function ticketAlongside(before: TicketState, after: TicketState): AlongsideCommand[] {
  const was = ticketJobCount(before);
  const now = ticketJobCount(after);
  if (JSON.stringify(was) === JSON.stringify(now)) return [];
  const ticket = (after.id ?? before.id)!;
  const number = (after.fields.account_ticket_number ?? before.fields.account_ticket_number ?? null) as string | null;
  const out: AlongsideCommand[] = [];
  if (was && was.job !== now?.job) out.push({ aggregate: 'job', id: was.job, command: { type: 'CountTicketProduction', ticket, account_ticket_number: number, count: null } satisfies CountTicketProduction });
  if (now) out.push({ aggregate: 'job', id: now.job, command: { type: 'CountTicketProduction', ticket, account_ticket_number: number, count: now.count } satisfies CountTicketProduction });
  return out;
}

/** The lines of the ticket's content a signature covers, for views (signatures.ts). */
export const ticketContent = (state: { fields: object; lines: LinesState }) => signedContent(state.fields as Record<string, unknown>, state.lines);
