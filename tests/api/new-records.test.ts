/**
 * New means a form (issue 31; docs/screens.md): each area's create takes the New dialog's fields in one
 * POST, making the record with them under one create event, and the spec's empty-body POST still works.
 */
import { describe, expect, it } from 'vitest';
import { formTypesFor } from '@trenchline/domain';
import { apiTest } from '../support/apiTest.ts';

const { office, eventCount } = apiTest('api_new_records');

/** Each New dialog's create path, the fields it asks, and what the record reads back. */
/** `least`: what the spec's client posts at the least (an empty body unless said). */
const AREAS: { area: string; path: string; body: Record<string, unknown>; reads?: Record<string, unknown>; least?: Record<string, unknown> }[] = [
  { area: 'project', path: '/api/projects/', body: { name: 'Elm St fiber', customer: 'Acme Fiber', start_date: '2026-12-01', due_date: '2026-12-20' } },
  { area: 'help ticket', path: '/api/help/', body: { subject: 'Report hangs', ticket_type: 'App Issue', priority: 'Urgent', description: 'Spins for minutes.' } },
  { area: 'routine', path: '/api/lpms/routines/', body: { name: 'Truck walk-around', category: 'Vehicle', frequency: 'Daily', description: 'Before the first job.' } },
  { area: 'do-routine', path: '/api/lpms/do_routines/', body: { name: 'Monthly trailer check', assigned_to: 'Frank', due_date: '2026-12-04', location: 'Yard' } },
  { area: 'bid', path: '/api/bids/', body: { bid_status: 'A', work_request: 'WR-NEW-1', location: 'Oak Ave', bid_due_date: '2026-12-10', description: 'Bore 300 ft.' } },
  { area: 'base job', path: '/api/jobs/', body: { form_type: 'base', work_status: 'New', title: 'Main St conduit', customer: 'City of Elm', start_date: '2026-12-02' } },
  { area: 'job by form type', path: '/api/jobs/new/', body: { form_type: 'attfiber', work_status: 'New', title: 'Fiber drop', customer: 'AT&T', start_date: '2026-12-05' }, least: { form_type: 'attfiber' } },
  { area: 'locate', path: '/api/locates/', body: { form_type: formTypesFor('locate')[0].name, locate_status: 'Active', current_ticket_type: 'New', current_ticket_number: 'T-2611-001', current_work_date: '2026-12-07' } },
  { area: 'RFQ', path: '/api/rfqs/', body: { form_type: formTypesFor('rfq')[0].name, title: 'Conduit on 5th', customer: 'City of Elm', location: '5th Ave', bid_due_date: '2026-12-09' } },
  { area: 'order', path: '/api/crs/orders/', body: { customer_name: 'Acme Fiber', order_date: '2026-12-03', notes: 'Rush' } },
  { area: 'organization', path: '/api/sales/organizations/new/', body: { name: 'Delta Utilities', org_type: 'Contact', phone: '555-0100', email: 'ops@delta.example' }, reads: { name: 'Delta Utilities', type: 'Contact', phone: '555-0100', email: 'ops@delta.example' } },
];

describe('a New dialog posts its fields', () => {
  for (const { area, path, body, reads, least = {} } of AREAS) {
    it(`given the ${area} New dialog's fields, when posted, then one create event makes the ${area} with them`, async () => {
      const r = await office.post(path, body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject(reads ?? body);
      // Version 1: the record's stream holds its create event alone (a numbered one's counter is its own stream).
      expect(r.body.version).toBe(1);
    });

    it(`given the spec's client, when it posts the least ${area} body, then the ${area} is still made`, async () => {
      const r = await office.post(path, least);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.id).toBeTruthy();
    });
  }

  it('given a project due before it starts, when posted, then 400 names due_date and nothing is written', async () => {
    const before = await eventCount();
    const r = await office.post('/api/projects/', { name: 'Backwards', start_date: '2026-12-20', due_date: '2026-12-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(Object.keys(r.body.fields ?? {})).toContain('due_date');
    expect(await eventCount()).toBe(before);
  });
});
