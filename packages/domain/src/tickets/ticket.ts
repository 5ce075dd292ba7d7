/**
 * The field ticket aggregate: a day's work on a job with its production lines, items, equipment,
 * materials, expenses, timecards, payroll, customer data, notes, damage reports, photos and
 * signatures. Its own rules: the number from the ticket counter, approval (the status decides
 * `approved`), production lines numbered with insert and zero, signatures bound to the content they
 * signed (signatures.ts), and the approved production its job counts (`ticketAlongside`).
 */
import { applyChanges, type Changes } from '../shared/changes.ts';
import { eventTypes, linesOfCollection, parseLineValues, type Line, type LineCommand, type LineEvent, type LinesState } from '../shared/collections.ts';
import { DomainError, type CommandMeta, type Decider, type DomainEvent } from '../shared/decider.ts';
import type { AlongsideCommand } from '../shared/aggregates.ts';
import { newRecordState, recordDecider, requireRecord, type RecordState } from '../shared/record-decider.ts';
import { numberNewLine } from '../jobs/cibe.ts';
import type { CountTicketProduction } from '../jobs/ticket-production.ts';
import { type TicketCommand, type TicketFields, ticketFields } from './commands.ts';
import type { TicketApproved, TicketEditRequested, TicketEvent } from './events.ts';
import { SIGNATURE_COLLECTIONS, ticketCollections, ticketProductions, ticketTabletPdfs } from './collections.ts';
import { APPROVED_TICKET_STATUS, EDIT_REQUESTED_STATUS, isApprovedStatus, NEW_TICKET_STATUS, producedFeet, producedQty } from './rules.ts';
import { contentFingerprint, signedContent } from './signatures.ts';

export type TicketState = RecordState<TicketFields>;
export const initialTicketState: TicketState = newRecordState();

/** The approval fields a status change brings: approved follows the status; the date and who when it becomes approved. */
function approvalChanges(fields: Partial<TicketFields>, status: unknown, today: string | undefined, who: string | null | undefined): Changes {
  const was = fields.approved === true;
  const now = isApprovedStatus(status);
  if (was === now) return {};
  const changes: Changes = { approved: { old: fields.approved ?? null, new: now } };
  if (now) {
    changes.approval_date = { old: fields.approval_date ?? null, new: today ?? null };
    if (who !== undefined) changes.approved_by = { old: fields.approved_by ?? null, new: who };
  }
  return changes;
}

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
 * A signature: the signer's name and the drawn image are needed; the content it signs and its
 * fingerprint are the ticket's as it stands. A signature is never edited: remove it and sign again.
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
  const content = signedContent(state.fields as Record<string, unknown>, state.lines);
  return plain(c).map((e) => (e.type.endsWith('Added') ? { ...e, data: { ...e.data, line: { ...(e.data as { line: Line }).line, signed_content: content, fingerprint: contentFingerprint(content) } } } : e));
}

export const ticketDecider: Decider<TicketState, TicketCommand, TicketEvent> = recordDecider<TicketState, TicketCommand, TicketEvent>({
  aggregate: 'ticket',
  label: 'Ticket',
  collections: ticketCollections,
  commands: { create: 'CreateTicket', revise: 'ReviseTicket', delete: 'DeleteTicket' },
  idField: 'ticketId',
  events: { created: 'TicketCreated', revised: 'TicketRevised', deleted: 'TicketDeleted' },
  initialState: initialTicketState,
  created: (values, command) => {
    const c = command as { ticketNumber?: string; today?: string };
    const given = Object.fromEntries(Object.entries(values).filter(([k, v]) => k in ticketFields.shape && v !== null && v !== undefined && v !== ''));
    const fields = ticketFields.parse({ archived: false, public: false, ticket_status: NEW_TICKET_STATUS, ...given });
    const approved = isApprovedStatus(fields.ticket_status);
    return { ...fields, account_ticket_number: c.ticketNumber ?? null, created_date: c.today ?? null, approved, approval_date: approved ? (c.today ?? null) : null };
  },
  // Only the editable fields; the approval fields follow a status change.
  revised: (values, state, command) => {
    const own = Object.fromEntries(Object.entries(values).filter(([k]) => k in ticketFields.shape));
    if (!('ticket_status' in own) || own.ticket_status === state.fields.ticket_status) return own;
    const approval = approvalChanges(state.fields, own.ticket_status, (command as { today?: string }).today, undefined);
    return { ...own, ...Object.fromEntries(Object.entries(approval).map(([k, v]) => [k, v.new])) };
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
        const changes: Changes = { ...(state.fields.ticket_status === APPROVED_TICKET_STATUS ? {} : { ticket_status: { old: state.fields.ticket_status ?? null, new: APPROVED_TICKET_STATUS } }), ...approvalChanges({ ...state.fields, approved: false }, APPROVED_TICKET_STATUS, command.today, meta.userName ?? null) };
        changes.approved = { old: state.fields.approved ?? null, new: true };
        return [{ type: 'TicketApproved', data: { changes } } as TicketApproved];
      }
      case 'RequestTicketEdit': {
        requireRecord(state, 'Ticket');
        if (state.fields.ticket_status === EDIT_REQUESTED_STATUS) return [];
        const changes: Changes = { ticket_status: { old: state.fields.ticket_status ?? null, new: EDIT_REQUESTED_STATUS }, ...approvalChanges(state.fields, EDIT_REQUESTED_STATUS, undefined, undefined) };
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
