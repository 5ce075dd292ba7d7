/**
 * The generic create of a record whose aggregate declares a number (`number: { counter, field }`;
 * apps/api/src/platform/record-routes.ts createRecord) over HTTP: two creates take consecutive
 * numbers of the declared counter, and a refused create (a bad field, or a refusal of the area's
 * `prepare`) spends none and writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { aggregateDef, aggregates, type AggregateDef } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';

const { office, eventCount } = apiTest('api_record_create_numbers');

/** Each numbered record: its create path, the field its number shows in, a valid body, and bodies refused before and by its `prepare`. */
const numbered = [
  { aggregate: 'ticket', path: '/api/tickets/', shown: 'account_ticket_number', valid: { form_type: 'base_ticket' }, badField: [{ form_type: 'nope' }, 'form_type'], refusedByPrepare: [{ form_type: 'base_ticket', job: '999999' }, 'job'] },
  { aggregate: 'order', path: '/api/crs/orders/', shown: 'order_number', valid: {}, badField: [{ billing_email: 'not-an-email' }, 'billing_email'], refusedByPrepare: [{ status: 'Submitted' }, 'customer_name'] },
  { aggregate: 'rfq', path: '/api/rfqs/', shown: 'account_rfq_number', valid: { form_type: 'base_rfq' }, badField: [{ form_type: 'nope' }, 'form_type'], refusedByPrepare: [{ form_type: 'base_rfq', po_start_date: '2026-12-10', po_complete_date: '2026-12-01' }, 'po_complete_date'] },
] as const;

describe('the generic create with a declared number', () => {
  it('given the registry, then the records declaring a number are the ones this file covers', () => {
    const declared = (Object.values(aggregates) as AggregateDef[]).filter((a) => a.number).map((a) => a.name);
    expect(declared.sort()).toEqual(numbered.map((n) => n.aggregate).sort());
  });

  for (const n of numbered) {
    const counter = aggregateDef(n.aggregate).number!.counter;
    const current = async () => (await office.get(`/api/settings/current_number/${counter}/`)).body as { id: string; number: number };

    it(`given the ${counter} counter at 700, when two ${n.aggregate}s are created, then they take 701 and 702`, async () => {
      const c = await current();
      expect((await office.put(`/api/settings/current_number/${counter}/${c.id}/`, { number: 700 })).status).toBe(200);
      const first = await office.post(n.path, n.valid);
      const second = await office.post(n.path, n.valid);
      expect([first.status, second.status], JSON.stringify([first.body, second.body])).toEqual([201, 201]);
      expect([first.body[n.shown], second.body[n.shown]].map(Number)).toEqual([701, 702]);
      expect((await current()).number).toBe(702);
    });

    it(`given a refused ${n.aggregate} (a bad field, or refused by its own checks), then 400 naming the field, no number spent and nothing written`, async () => {
      const before = await current();
      const events = await eventCount();
      for (const [body, field] of [n.badField, n.refusedByPrepare]) {
        const r = await office.post(n.path, body);
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(Object.keys(r.body.fields ?? {})).toContain(field);
      }
      expect(await eventCount()).toBe(events);
      expect((await current()).number).toBe(before.number);
      const next = await office.post(n.path, n.valid);
      expect(Number(next.body[n.shown])).toBe(before.number + 1);
    });
  }
});
