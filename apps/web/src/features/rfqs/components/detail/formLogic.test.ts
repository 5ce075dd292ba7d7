import { describe, expect, it } from 'vitest';
import { linkWaitMs, toPayload, type RfqFormValues } from './formLogic';

const blank: RfqFormValues = {
  form_type: 'base_rfq',
  rfq_status: 'New',
  rfq_date: '2026-11-01',
  title: '  ',
  customer: 'Acme Fiber',
  customer_ref: null,
  location: '',
  bid_due_date: null,
  po_start_date: null,
  po_complete_date: null,
  colour: 'None',
  description: null,
  archived: null,
};

describe('the RFQ page', () => {
  it('given blank text, when saved, then it is sent as null and archived as a flag', () => {
    const sent = toPayload(blank);
    expect(sent.title).toBeNull();
    expect(sent.location).toBeNull();
    expect(sent.customer).toBe('Acme Fiber');
    expect(sent.archived).toBe(false);
  });

  it('given a save just made, when a link is opened, then it waits 1.5 s; without a save it opens at once', () => {
    expect(linkWaitMs(true)).toBe(1500);
    expect(linkWaitMs(false)).toBe(0);
  });
});
