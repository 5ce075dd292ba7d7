/**
 * Signatures bound to what was signed (docs/tickets.md "Signatures"): a signature records the
 * ticket's signed content at that moment and its fingerprint (SHA-256 of the content in canonical
 * form). A later change to the content makes the fingerprint differ: the signature is then "signed an
 * earlier version", and `contentChanges` says what changed since, line by line and field by field.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Line, LinesState } from '../shared/collections.ts';
import { DomainError } from '../shared/decider.ts';

/** What a signature signs: the header fields that say what the work was and the lines that are billed or paid. */
export const SIGNED_FIELDS = ['account_ticket_number', 'title', 'job', 'account_job_number', 'segment_number', 'customer', 'completion_date'] as const;

/** The collections a signature covers, with the fields that matter and what a line is called on screen. */
export const SIGNED_COLLECTIONS: readonly { name: string; label: string; fields: readonly string[]; title: readonly string[] }[] = [
  { name: 'ticket_productions', label: 'Production', fields: ['line_number', 'work_type', 'feet', 'qty', 'line_zeroed', 'issued_item_code', 'issued_item_description', 'CIBE_item_code'], title: ['line_number', 'issued_item_code', 'work_type'] },
  { name: 'ticket_items', label: 'Item', fields: ['item_code', 'description', 'qty', 'uom'], title: ['item_code', 'description'] },
  { name: 'ticket_equipment', label: 'Equipment', fields: ['equipment_name', 'equipment_number', 'hours'], title: ['equipment_name', 'equipment_number'] },
  { name: 'ticket_materials', label: 'Material', fields: ['item_code', 'description', 'uom', 'qty', 'price'], title: ['item_code', 'description'] },
  { name: 'ticket_expenses', label: 'Expense', fields: ['description', 'expense_date', 'qty', 'price', 'customer_billable', 'we_buy'], title: ['description'] },
  { name: 'ticket_timecards', label: 'Timecard', fields: ['employee_name', 'work_date', 'hours', 'billable_hours'], title: ['employee_name', 'work_date'] },
  { name: 'ticket_payroll', label: 'Payroll', fields: ['employee_name', 'crew_name', 'hours', 'rate'], title: ['employee_name', 'crew_name'] },
];

export interface SignedContent {
  fields: Record<string, string | null>;
  /** Per collection, its lines by id, each with the signed fields only. */
  lines: Record<string, Record<string, Record<string, string | null>>>;
}

/**
 * What a device says the signer saw (docs/tickets.md "Signed on the device"): the SignedContent it
 * showed, each value as signedContent spells it (text or null). A field or a collection the device did
 * not hold (a field user's money, payroll) is left out and is not claimed.
 */
export type ClaimedContent = { fields: Partial<SignedContent['fields']>; lines: Partial<SignedContent['lines']> };

const claimedValue = z.string({ message: 'must be text or null' }).max(2000).nullable().optional();
const claimedLine = (fields: readonly string[]) => z.strictObject(Object.fromEntries(fields.map((f) => [f, claimedValue])));
const claimedSchema = z.strictObject({
  fields: z.strictObject(Object.fromEntries(SIGNED_FIELDS.map((f) => [f, claimedValue]))),
  lines: z.strictObject(Object.fromEntries(SIGNED_COLLECTIONS.map((c) => [c.name, z.record(z.string().min(1).max(100), claimedLine(c.fields)).optional()]))),
});

/**
 * The `signed_content` a signature may carry, as a line field: absent or null is no claim; a shape
 * that is not SignedContent (an unknown field or collection, a value not text) is refused naming it.
 */
export const claimedContentField = () =>
  z
    .unknown()
    .transform((v, ctx): ClaimedContent | undefined => {
      if (v === undefined || v === null) return undefined;
      const r = claimedSchema.safeParse(v);
      if (r.success) return r.data as ClaimedContent;
      const issue = r.error.issues[0];
      ctx.addIssue({ code: 'custom', message: `must be the content the signer saw ({fields, lines}): ${issue.path.join('.') || 'it'} ${issue.message}` });
      return z.NEVER;
    })
    .optional();

/**
 * The content a signature made on a device records: what the device claims the signer saw and, for
 * what it left out (it did not hold it), the ticket's content as it stands.
 */
export function seenContent(claimed: ClaimedContent, now: SignedContent): SignedContent {
  const given = (o: Record<string, string | null | undefined>, f: string, otherwise: string | null | undefined) => (o[f] !== undefined ? o[f] : (otherwise ?? null));
  return {
    fields: Object.fromEntries(SIGNED_FIELDS.map((f) => [f, given(claimed.fields, f, now.fields[f])])),
    lines: Object.fromEntries(
      SIGNED_COLLECTIONS.map((c) => {
        const seen = claimed.lines[c.name];
        const standing = now.lines[c.name] ?? {};
        if (!seen) return [c.name, standing];
        return [c.name, Object.fromEntries(Object.entries(seen).map(([id, l]) => [id, Object.fromEntries(c.fields.map((f) => [f, given(l, f, standing[id]?.[f])]))]))];
      }),
    ),
  };
}

/**
 * What a new signature records: the content as it stands, or, when the device says what the signer
 * saw, that. The ticket's number is the server's (a ticket made offline had none on screen): a claim
 * of another ticket's number is refused, none is the ticket's. A line under a temporary id (a device's
 * own, its add not sent) is refused: the device sends it once the server has named it.
 */
export function contentSigned(claimed: ClaimedContent | undefined, now: SignedContent): SignedContent {
  if (!claimed) return now;
  const refuse = (why: string) => {
    throw new DomainError('invalid', `Invalid value for signed_content: it ${why}`, { signed_content: why });
  };
  const number = claimed.fields.account_ticket_number;
  if (number != null && number !== now.fields.account_ticket_number) refuse(`is of ticket ${number}, not of ticket ${now.fields.account_ticket_number ?? '(unnumbered)'}`);
  const unmade = Object.values(claimed.lines).flatMap((l) => Object.keys(l ?? {})).find((id) => id.startsWith('tmp-'));
  if (unmade) refuse(`names line ${unmade}, which the server has not made yet`);
  return seenContent({ ...claimed, fields: { ...claimed.fields, account_ticket_number: undefined } }, now);
}

/** Values in one spelling (the schema has parsed them already): a number to 4 decimals, '' and null alike, booleans as words. */
const canon = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return String(Number(v.toFixed(4)));
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
};
const pick = (o: Record<string, unknown>, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, canon(o[f])]));

/** The ticket's signed content as it stands. */
export function signedContent(fields: Record<string, unknown>, lines: LinesState): SignedContent {
  return {
    fields: pick(fields, SIGNED_FIELDS),
    lines: Object.fromEntries(SIGNED_COLLECTIONS.map((c) => [c.name, Object.fromEntries(Object.values(lines[c.name] ?? {}).map((l) => [l.id, pick(l, c.fields)]))])),
  };
}

/** JSON with keys sorted at every level, so the same content always hashes the same. */
function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  return `{${Object.keys(v as object).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** The content's fingerprint: SHA-256 of its canonical JSON, in hex. */
export const contentFingerprint = (content: SignedContent) => bytesToHex(sha256(utf8ToBytes(canonicalJson(content))));

/** A short form of a fingerprint for screens and the PDF (the first 12 hex digits). */
export const shortFingerprint = (fp: unknown) => (typeof fp === 'string' ? fp.slice(0, 12) : null);

export interface ContentChange {
  what: string;
  change: 'added' | 'removed' | 'changed';
  field?: string;
  old?: string | null;
  new?: string | null;
}

const titleOf = (label: string, line: Record<string, string | null>, title: readonly string[]) => {
  const words = title.map((t) => line[t]).filter(Boolean);
  return words.length ? `${label} ${words.join(' ')}` : label;
};

/** What changed in the signed content from `signed` to `now`, in words a user reads. */
export function contentChanges(signed: SignedContent, now: SignedContent): ContentChange[] {
  const out: ContentChange[] = [];
  for (const f of SIGNED_FIELDS) if ((signed.fields[f] ?? null) !== (now.fields[f] ?? null)) out.push({ what: 'Ticket', change: 'changed', field: f, old: signed.fields[f] ?? null, new: now.fields[f] ?? null });
  for (const c of SIGNED_COLLECTIONS) {
    const before = signed.lines[c.name] ?? {};
    const after = now.lines[c.name] ?? {};
    for (const [id, line] of Object.entries(after)) {
      const was = before[id];
      if (!was) {
        out.push({ what: titleOf(c.label, line, c.title), change: 'added' });
        continue;
      }
      for (const f of c.fields) if ((was[f] ?? null) !== (line[f] ?? null)) out.push({ what: titleOf(c.label, line, c.title), change: 'changed', field: f, old: was[f] ?? null, new: line[f] ?? null });
    }
    for (const [id, line] of Object.entries(before)) if (!after[id]) out.push({ what: titleOf(c.label, line, c.title), change: 'removed' });
  }
  return out;
}

/** One change in a line of text ('Production 3 BORE-2: feet 100 → 120'). */
export function describeChange(c: ContentChange): string {
  if (c.change !== 'changed') return `${c.what} ${c.change}`;
  return `${c.what}: ${c.field} ${c.old ?? '—'} → ${c.new ?? '—'}`;
}

/** A signature as shown: current (the content is what was signed) or signed an earlier version, with what changed since. */
export function signatureStatus(signature: Line, now: SignedContent) {
  const signed = signature.signed_content as SignedContent | undefined;
  const fp = typeof signature.fingerprint === 'string' ? signature.fingerprint : null;
  const current = fp !== null && fp === contentFingerprint(now);
  const changes = current || !signed ? [] : contentChanges(signed, now);
  return {
    signature_current: current,
    signature_state: current ? 'current' : 'signed an earlier version',
    changes_since: changes.map(describeChange),
  };
}
