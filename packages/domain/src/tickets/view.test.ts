import { describe, expect, it } from 'vitest';
import { contentFingerprint, seenContent, signedContent } from './signatures.ts';
import { ticketDetailContent } from './view.ts';

const fields = { account_ticket_number: '12', title: 'Bore on Main', job: '5', account_job_number: 'J-5', segment_number: '3', customer: 'AT&T', completion_date: '2026-11-30' };
const production = { id: '41', line_number: 1, work_type: 'Dirt-Bore', feet: 120, qty: null, line_zeroed: false, issued_item_code: 'BORE-2', notes: 'rocky' };
const material = { id: '61', item_code: 'CONDUIT', description: '2 in', uom: 'ft', qty: 40, price: 1.25 };
const payroll = { id: '71', employee_name: 'Sam', crew_name: 'A', hours: 8, rate: 30 };
const lines = { ticket_productions: { 41: production }, ticket_materials: { 61: material }, ticket_payroll: { 71: payroll } };
/** The detail as the api answers it: fields at the top, lines under their detail keys. */
const detail = { id: '9', version: 4, ...fields, description: 'unsigned', ticket_productions: [production], materials: [material], payroll: [payroll], notes: [] };

describe('what a device says its signer saw (ticketDetailContent)', () => {
  it('given the detail as the api answers it, then the same content and fingerprint the server computes', () => {
    const claimed = ticketDetailContent(detail);
    const server = signedContent(fields, lines as never);
    expect(seenContent(claimed, server)).toEqual(server);
    expect(contentFingerprint(seenContent(claimed, signedContent({}, {})))).toBe(contentFingerprint(server));
  });

  it('given values as a form keeps them (\'120.00\' feet, \'false\' zeroed), then read as the server stores them', () => {
    const edited = { ...detail, ticket_productions: [{ ...production, feet: '120.00', line_zeroed: 'false', line_number: '1' }] };
    expect(ticketDetailContent(edited)).toEqual(ticketDetailContent(detail));
  });

  it('given a field user\'s detail (no money, no payroll), then those are left out, not claimed', () => {
    const { price: _p, ...noMoney } = material;
    const { payroll: _r, ...field } = { ...detail, materials: [noMoney] };
    const claimed = ticketDetailContent(field);
    expect(claimed.lines.ticket_materials?.['61']).not.toHaveProperty('price');
    expect(claimed.lines).not.toHaveProperty('ticket_payroll');
    expect(seenContent(claimed, signedContent(fields, lines as never))).toEqual(signedContent(fields, lines as never));
  });

  it('given a ticket made on the device (no number, lines under temporary ids), then the number left out and the lines under those ids', () => {
    const local = { id: 'tmp-1', title: 'Bore on Main', job: '5', ticket_productions: [{ ...production, id: 'tmp-2' }] };
    const claimed = ticketDetailContent(local);
    expect(claimed.fields).toEqual({ title: 'Bore on Main', job: '5' });
    expect(Object.keys(claimed.lines.ticket_productions ?? {})).toEqual(['tmp-2']);
  });
});
