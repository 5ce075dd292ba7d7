import { describe, expect, it } from 'vitest';
import { contentChanges, contentFingerprint, describeChange, shortFingerprint, signatureStatus, signedContent } from './signatures.ts';

const fields = { account_ticket_number: '12', title: 'Bore on Main', job: '5', account_job_number: 'J-5', segment_number: '3', customer: 'AT&T', completion_date: '2026-11-30' };
const production = { id: '41', line_number: 1, work_type: 'Dirt-Bore', feet: 120, qty: null, issued_item_code: 'BORE-2', notes: 'rocky', photos: ['a.jpg'] };
const expense = { id: '51', description: 'Fuel', qty: 2, price: 40.5, customer_billable: true };
const lines = { ticket_productions: { 41: production }, ticket_expenses: { 51: expense } };
const fp = (f: Record<string, unknown>, l: typeof lines | Record<string, Record<string, Record<string, unknown>>>) => contentFingerprint(signedContent(f, l as never));

describe('the signed content\'s fingerprint', () => {
  it('given the same content twice, then the same 64-digit fingerprint, and its short form is 12 digits', () => {
    const a = fp(fields, lines);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(fp({ ...fields }, structuredClone(lines))).toBe(a);
    expect(shortFingerprint(a)).toBe(a.slice(0, 12));
    expect(shortFingerprint(undefined)).toBeNull();
  });

  it('given the same content with keys in another order, then the same fingerprint', () => {
    const reordered = Object.fromEntries(Object.entries(fields).reverse());
    const line = Object.fromEntries(Object.entries(production).reverse()) as typeof production;
    expect(fp(reordered, { ticket_expenses: { 51: expense }, ticket_productions: { 41: line } })).toBe(fp(fields, lines));
  });

  it('given numbers spelt otherwise (120 and 120.00001 past 4 decimals), and blank as \'\' or null, then the same fingerprint', () => {
    expect(fp(fields, { ...lines, ticket_productions: { 41: { ...production, feet: 120.00001, qty: '' } } })).toBe(fp(fields, lines));
  });

  it('given any signed field or signed line value changed, then another fingerprint', () => {
    const base = fp(fields, lines);
    for (const f of Object.keys(fields)) expect(fp({ ...fields, [f]: 'other' }, lines), f).not.toBe(base);
    expect(fp(fields, { ...lines, ticket_productions: { 41: { ...production, feet: 150 } } })).not.toBe(base);
    expect(fp(fields, { ...lines, ticket_productions: { 41: { ...production, line_zeroed: true } } } as never)).not.toBe(base);
    expect(fp(fields, { ...lines, ticket_expenses: { 51: { ...expense, customer_billable: false } } })).not.toBe(base);
    expect(fp(fields, { ...lines, ticket_expenses: {} })).not.toBe(base);
  });

  it('given only notes, photos or unsigned header fields changed, then the same fingerprint', () => {
    const base = fp(fields, lines);
    expect(fp({ ...fields, description: 'long story', work_status: 'Complete' }, { ...lines, ticket_productions: { 41: { ...production, notes: 'sand', photos: [] } } })).toBe(base);
    expect(fp(fields, { ...lines, ticket_notes: { 61: { id: '61', note: 'call back' } } } as never)).toBe(base);
  });
});

describe('what changed since a signature', () => {
  const signed = signedContent(fields, lines);

  it('given a line value changed, then the line named by its number, code and type with old → new', () => {
    const now = signedContent(fields, { ...lines, ticket_productions: { 41: { ...production, feet: 150 } } });
    const changes = contentChanges(signed, now);
    expect(changes).toEqual([{ what: 'Production 1 BORE-2 Dirt-Bore', change: 'changed', field: 'feet', old: '120', new: '150' }]);
    expect(changes.map(describeChange)).toEqual(['Production 1 BORE-2 Dirt-Bore: feet 120 → 150']);
  });

  it('given a line added and one removed, then \'… added\' and \'… removed\'', () => {
    const now = signedContent(fields, { ticket_productions: { 41: production }, ticket_equipment: { 71: { id: '71', equipment_name: 'Drill', equipment_number: 'D-3', hours: 4 } } } as never);
    expect(contentChanges(signed, now).map(describeChange)).toEqual(['Equipment Drill D-3 added', 'Expense Fuel removed']);
  });

  it('given a header field changed from blank, then the ticket field with — for blank', () => {
    const unsigned = signedContent({ ...fields, customer: null }, lines);
    expect(contentChanges(unsigned, signed).map(describeChange)).toEqual(['Ticket: customer — → AT&T']);
  });

  it('given the same content, then no changes', () => {
    expect(contentChanges(signed, signedContent(fields, lines))).toEqual([]);
  });
});

describe('a signature as shown', () => {
  const content = signedContent(fields, lines);
  const signature = { id: '81', signer_name: 'Sam', signed_content: content, fingerprint: contentFingerprint(content) };

  it('given the content as signed, then current with no changes', () => {
    expect(signatureStatus(signature, signedContent(fields, lines))).toEqual({ signature_current: true, signature_state: 'current', changes_since: [] });
  });

  it('given a signed line changed since, then signed an earlier version with what changed', () => {
    const now = signedContent(fields, { ...lines, ticket_expenses: { 51: { ...expense, qty: 3 } } });
    expect(signatureStatus(signature, now)).toEqual({ signature_current: false, signature_state: 'signed an earlier version', changes_since: ['Expense Fuel: qty 2 → 3'] });
  });
});
