/**
 * Approved production feeds the job (docs/tickets.md "Approved production feeds the job"): while a
 * field ticket is approved, each of its production lines' quantities counts into the CIBE quantity of
 * the CIBE line it came from, and its feet into its segment's actual feet. The ticket's own writes
 * carry `CountTicketProduction` to the job in the same transaction (the ticket aggregate's
 * `alongside`); the job keeps what each ticket counted, so a change, an un-approval (Edit Requested),
 * a move to another job or a delete takes out exactly what that ticket had put in.
 */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { Line } from '../shared/collections.ts';
import type { CountTicketProduction } from '../shared/ticket-production.ts';
import { segmentKeyOf } from './rules.ts';

/** What one approved ticket counts on its job: per CIBE line the quantity, and the feet with the segment they go to (a segment line id, or none). */
export interface TicketCount {
  account_ticket_number: string | null;
  cibe: Record<string, number>;
  segment: string | null;
  feet: number;
}

export type { CountTicketProduction } from '../shared/ticket-production.ts';

export type CibeQtyCounted = DomainEvent<'CibeQtyCounted', { id: string; changes: Changes; ticket: string; account_ticket_number: string | null }>;
export type SegmentFeetCounted = DomainEvent<'SegmentFeetCounted', { id: string; changes: Changes; ticket: string; account_ticket_number: string | null }>;
/** What the ticket counts on the job from now on (null: nothing). */
export type TicketProductionCounted = DomainEvent<'TicketProductionCounted', { ticket: string; account_ticket_number: string | null; counted: TicketCount | null }>;
export type TicketCountEvent = CibeQtyCounted | SegmentFeetCounted | TicketProductionCounted;

type Counting = { lines: Record<string, Record<string, Line>>; counted_tickets?: Record<string, TicketCount> };

const num = (v: unknown): number | null => (typeof v === 'number' ? v : v == null || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);
const qty4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** The segment line a ticket's feet go to: the line it names, else the one whose number it names. */
function segmentOf(state: Counting, ref: string | null, number: string | null): string | null {
  const segments = state.lines.job_segments ?? {};
  if (ref && segments[ref]) return ref;
  const key = (number ?? '').trim();
  if (!key) return null;
  return Object.values(segments).find((s) => segmentKeyOf(s) === key)?.id ?? null;
}

/** Two counts are the same whatever order their keys come back in (a stored event's data may reorder them): deciding a count again adds nothing. */
function sameCount(a: TicketCount | null, b: TicketCount | null): boolean {
  if (!a || !b) return a === b;
  const lines = new Set([...Object.keys(a.cibe), ...Object.keys(b.cibe)]);
  return a.account_ticket_number === b.account_ticket_number && a.segment === b.segment && a.feet === b.feet && [...lines].every((l) => a.cibe[l] === b.cibe[l]);
}

/** The quantity others (every other ticket) count on a CIBE line. */
const othersOn = (state: Counting, ticket: string, lineId: string) =>
  Object.entries(state.counted_tickets ?? {}).reduce((s, [t, c]) => s + (t === ticket ? 0 : (c.cibe[lineId] ?? 0)), 0);

/**
 * The job's events for a ticket's production now: the difference from what the ticket counted before,
 * added to each CIBE line's CIBE_item_qty and each segment's ticket_feet. A CIBE line left with nothing
 * counted by any ticket and 0 goes back to blank (no as-built quantity), as it was before tickets
 * counted on it. Lines deleted since are skipped. No difference: no events.
 */
export function decideTicketProduction(command: CountTicketProduction, state: Counting): TicketCountEvent[] {
  const before = state.counted_tickets?.[command.ticket] ?? null;
  const cibeLines = state.lines.job_cibe_items ?? {};
  const cibe: Record<string, number> = {};
  for (const [lineId, qty] of Object.entries(command.count?.cibe ?? {})) if (cibeLines[lineId] && qty !== 0) cibe[lineId] = qty4(qty);
  const segment = command.count ? segmentOf(state, command.count.segment_ref, command.count.segment_number) : null;
  const after: TicketCount | null = command.count && (Object.keys(cibe).length || command.count.feet) ? { account_ticket_number: command.account_ticket_number, cibe, segment, feet: qty4(command.count.feet) } : null;
  if (sameCount(before, after)) return [];
  const who = { ticket: command.ticket, account_ticket_number: command.account_ticket_number };
  const events: TicketCountEvent[] = [];
  for (const lineId of new Set([...Object.keys(before?.cibe ?? {}), ...Object.keys(cibe)])) {
    const line = cibeLines[lineId];
    if (!line) continue;
    const delta = qty4((cibe[lineId] ?? 0) - (before?.cibe[lineId] ?? 0));
    if (delta === 0) continue;
    const old = num(line.CIBE_item_qty);
    let next: number | null = qty4((old ?? 0) + delta);
    if (next === 0 && !cibe[lineId] && othersOn(state, command.ticket, lineId) === 0 && line.line_zeroed !== true) next = null;
    if (next !== old) events.push({ type: 'CibeQtyCounted', data: { id: lineId, changes: { CIBE_item_qty: { old: line.CIBE_item_qty ?? null, new: next } }, ...who } });
  }
  const segments = state.lines.job_segments ?? {};
  const feetOn = new Map<string, number>();
  if (before?.segment && segments[before.segment]) feetOn.set(before.segment, -(before.feet ?? 0));
  if (after?.segment) feetOn.set(after.segment, qty4((feetOn.get(after.segment) ?? 0) + after.feet));
  for (const [segId, delta] of feetOn) {
    if (delta === 0) continue;
    const old = num(segments[segId].ticket_feet);
    const next = qty4((old ?? 0) + delta);
    events.push({ type: 'SegmentFeetCounted', data: { id: segId, changes: { ticket_feet: { old: old, new: next === 0 ? null : next } }, ...who } });
  }
  events.push({ type: 'TicketProductionCounted', data: { ...who, counted: after } });
  return events;
}

/** Folds TicketProductionCounted (the line events are rule events of their collections). */
export function evolveTicketCount<S extends Counting>(state: S, event: TicketProductionCounted): S {
  const counted = { ...(state.counted_tickets ?? {}) };
  if (event.data.counted) counted[event.data.ticket] = event.data.counted;
  else delete counted[event.data.ticket];
  return { ...state, counted_tickets: counted };
}

/** The feet every approved ticket of the job counts (the job's own segment_total_feet adds them). */
export const countedTicketFeet = (state: Pick<Counting, 'counted_tickets'>) => qty4(Object.values(state.counted_tickets ?? {}).reduce((s, c) => s + (c.feet ?? 0), 0));
