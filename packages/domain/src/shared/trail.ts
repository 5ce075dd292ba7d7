/**
 * The account's trail (docs/audit-trail.md): how one event reads in words. Its changes are the
 * history entry's (history.ts), so the trail and a record's history never disagree; one rule words
 * every area's events.
 */
import type { AggregateDef } from './aggregates.ts';
import type { CollectionDef, Line } from './collections.ts';

/** One field an event changed; `line` names the line (its number or label) for a line's event. */
export interface TrailChange {
  field: string;
  line: string | null;
  old: unknown;
  new: unknown;
}

/** 'HelpTicketUpdateAdded' -> ['help', 'ticket', 'update', 'added']. */
const wordsOf = (s: string) => (s.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g) ?? [s]).map((w) => w.toLowerCase());

/**
 * What happened, in the event type's own words less the name of the thing it happened to:
 * JobCreated of 'Job' -> 'created', BidItemAdded of 'BidItem' -> 'added', CurrentNumberSet of 'Counter' -> 'current number set'.
 */
export function trailVerb(type: string, thing: string): string {
  const words = wordsOf(type);
  const name = wordsOf(thing);
  let i = 0;
  while (i < name.length && i < words.length - 1 && words[i] === name[i]) i++;
  return words.slice(i === name.length ? i : 0).join(' ');
}

/** The verb less the record's label or its aggregate's name, whichever the type starts with. */
function recordVerb(type: string, record: { label: string; aggregate?: string }): string {
  const verbs = [record.label, record.aggregate].filter((t): t is string => Boolean(t)).map((t) => trailVerb(type, t));
  return verbs.reduce((a, b) => (b.length < a.length ? b : a));
}

const MAX_VALUE = 60;
const MAX_CHANGES = 3;

/** A value as the summary shows it: blank for nothing, long texts cut. */
export function shownValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(blank)';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
}

const fieldWords = (field: string) => field.replace(/_/g, ' ');

/** What the event changed in words: 'status Open → Done, qty 1 → 2'; a new thing's values only as 'field value'. */
function changesInWords(changes: readonly Pick<TrailChange, 'field' | 'old' | 'new'>[]): string {
  const shown = changes.slice(0, MAX_CHANGES).map((c) => (c.old === null || c.old === undefined ? `${fieldWords(c.field)} ${shownValue(c.new)}` : `${fieldWords(c.field)} ${shownValue(c.old)} → ${shownValue(c.new)}`));
  const more = changes.length - MAX_CHANGES;
  return shown.join(', ') + (more > 0 ? ` and ${more} more` : '');
}

/** A thing made (created, added, opened, requested ...) is told by its name alone; its values are in `changes`. */
const MADE = /\b(created|added|opened|requested|imported)$/;

/**
 * The one sentence the trail shows for an event: 'Job 2026-014 created', 'Task 3 revised: status
 * Open → Done'. `record`: the record's label and name (number, else title); `line`: for a line's
 * event, the collection and the line's number or label.
 */
export function trailSummary(o: {
  type: string;
  /** `aggregate`: its name, which event types may start with instead of the label (AccountSettingsOpened of account_settings). */
  record: { label: string; name: string | null; aggregate?: string };
  line?: { def: Pick<CollectionDef, 'noun' | 'entity'>; label: string | null } | null;
  changes: readonly Pick<TrailChange, 'field' | 'old' | 'new'>[];
}): string {
  const head = o.line
    ? `${[o.line.def.noun, o.line.label].filter(Boolean).join(' ')} ${trailVerb(o.type, o.line.def.entity)}`
    : `${[o.record.label, o.record.name === o.record.label ? null : o.record.name].filter(Boolean).join(' ')} ${recordVerb(o.type, o.record)}`;
  if (!o.changes.length || MADE.test(head)) return head;
  return `${head}: ${changesInWords(o.changes)}`;
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** How the trail names a line: its number (line_number, number), else its first declared field. */
export function lineLabel(def: Pick<CollectionDef, 'fields'>, line: Line | Record<string, unknown> | null | undefined): string | null {
  if (!line) return null;
  const l = line as Record<string, unknown>;
  return text(l.line_number) ?? text(l.number) ?? (def.fields[0] ? text(l[def.fields[0].name]) : null);
}

/**
 * A record's number, title and web page as the trail shows them, from its view: what the aggregate
 * declares (`AggregateDef.shownAs`), else the fields every area names alike (account_<aggregate>_number,
 * title, name, subject); an account's one-of record is called by its label.
 */
export function recordShown(def: Pick<AggregateDef, 'name' | 'label' | 'shownAs' | 'singleton' | 'catalog'>, id: string, view: Record<string, unknown> | null | undefined) {
  const v: Record<string, unknown> = { ...(view ?? {}), id };
  const d = def.shownAs ?? {};
  const number = d.number ? text(v[d.number]) : (text(v[`account_${def.name}_number`]) ?? text(v[`${def.name}_number`]));
  const title = d.title ? text(v[d.title]) : def.singleton ? def.label : (text(v.title) ?? text(v.name) ?? text(v.subject) ?? (def.catalog ? text(v[def.catalog.nameField]) : null));
  const page = d.page ? d.page.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(v[k] ?? ''))) : null;
  return { number, title, page };
}
