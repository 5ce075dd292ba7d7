/** The bid's child collections, declared once (see shared/collections.ts). */
import { z } from 'zod';
import { recordLines } from '../shared/record-lines.ts';
import { flag, percent, text } from '../shared/fields.ts';

const bid = recordLines({ aggregate: 'bid', base: '/bids' });

export const bidItems = bid.lines('items', {
  name: 'bid_items',
  entity: 'BidItem',
  noun: 'Item',
  schema: z.object({
    item: text(500),
    job_number: text(100),
    geographic_location: text(500),
    bid_area: text(200),
    bid_percent: percent(),
    frc: text(100),
    vd: text(100),
    modified_from_bid_sheet: flag(),
  }),
  defaults: { modified_from_bid_sheet: false },
  fields: [
    { name: 'item', label: 'Item', kind: 'text', width: 200 },
    { name: 'job_number', label: 'Job #', kind: 'text' },
    { name: 'geographic_location', label: 'Geo location', kind: 'text' },
    { name: 'bid_area', label: 'Bid area', kind: 'text' },
    { name: 'bid_percent', label: 'Bid %', kind: 'percent' },
    { name: 'frc', label: 'FRC', kind: 'text' },
    { name: 'vd', label: 'VD', kind: 'text' },
    { name: 'modified_from_bid_sheet', label: 'Modified from bid sheet', kind: 'flag' },
  ],
});

export const bidNotes = bid.notes('notes', { name: 'bid_notes', entity: 'BidNote' });

export const bidCustomerData = bid.lines('customer_data', {
  name: 'bid_customer_data',
  entity: 'BidCustomerData',
  noun: 'Customer data',
  schema: z.object({
    job_ref: text(200),
    customer: text(200),
    contact_name: text(200),
    contact_phone: text(50),
    contact_email: text(200),
  }),
  fields: [
    { name: 'customer', label: 'Customer', kind: 'text' },
    { name: 'job_ref', label: 'Customer job ref', kind: 'text' },
    { name: 'contact_name', label: 'Contact', kind: 'text' },
    { name: 'contact_phone', label: 'Phone', kind: 'text' },
    { name: 'contact_email', label: 'Email', kind: 'text' },
  ],
});

export const bidFiles = bid.files('files', { name: 'bid_files', entity: 'BidFile' });

/** Every collection of a bid. */
export const bidCollections = [bidItems, bidNotes, bidCustomerData, bidFiles];
