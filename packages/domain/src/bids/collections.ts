/** The bid's child collections, declared once (see shared/collections.ts). */
import { z } from 'zod';
import { defineCollection } from '../shared/collections.ts';
import { DEFAULT_NOTE_STATUS, NOTE_STATUSES } from '../shared/choices.ts';
import { choice, decimal, flag, text } from '../shared/fields.ts';
import { fileUrl } from '../shared/files.ts';
import { BID_FILE_TYPES } from './rules.ts';

export const bidItems = defineCollection({
  name: 'bid_items',
  entity: 'BidItem',
  aggregate: 'bid',
  parentField: 'bid',
  noun: 'Item',
  schema: z.object({
    item: text(500),
    job_number: text(100),
    geographic_location: text(500),
    bid_area: text(200),
    bid_percent: decimal(),
    frc: text(100),
    vd: text(100),
    modified_from_bid_sheet: flag(),
  }),
  defaults: { modified_from_bid_sheet: false },
  routes: { list: '/bids/:parentId/items/', item: '/bids/items/:id' },
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

export const bidNotes = defineCollection({
  name: 'bid_notes',
  entity: 'BidNote',
  aggregate: 'bid',
  parentField: 'bid',
  noun: 'Note',
  schema: z.object({
    note: text(10_000),
    note_status: choice(NOTE_STATUSES),
    created_by: text(200),
  }),
  defaults: { note_status: DEFAULT_NOTE_STATUS, note: '' },
  stamps: { createdBy: 'created_by', createdDate: 'created_date' },
  routes: { list: '/bids/:parentId/notes/', item: '/bids/notes/:id' },
  fields: [
    { name: 'note_status', label: 'Status', kind: 'choice', choices: NOTE_STATUSES, width: 140 },
    { name: 'note', label: 'Note', kind: 'longtext', width: 420 },
    { name: 'created_by', label: 'By', kind: 'text', readOnly: true },
    { name: 'created_date', label: 'Date', kind: 'date', readOnly: true },
  ],
});

export const bidCustomerData = defineCollection({
  name: 'bid_customer_data',
  entity: 'BidCustomerData',
  aggregate: 'bid',
  parentField: 'bid',
  noun: 'Customer data',
  schema: z.object({
    job_ref: text(200),
    customer: text(200),
    contact_name: text(200),
    contact_phone: text(50),
    contact_email: text(200),
  }),
  routes: { list: '/bids/:parentId/customer_data/', item: '/bids/customer_data/:id' },
  fields: [
    { name: 'customer', label: 'Customer', kind: 'text' },
    { name: 'job_ref', label: 'Customer job ref', kind: 'text' },
    { name: 'contact_name', label: 'Contact', kind: 'text' },
    { name: 'contact_phone', label: 'Phone', kind: 'text' },
    { name: 'contact_email', label: 'Email', kind: 'text' },
  ],
});

export const bidFiles = defineCollection({
  name: 'bid_files',
  entity: 'BidFile',
  aggregate: 'bid',
  parentField: 'bid',
  noun: 'file',
  upload: true,
  schema: z.object({
    file_name: text(300),
    file_type: choice(BID_FILE_TYPES),
    /** Set by the upload route from the stored blob, never by the client. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    size: z.number().int().nonnegative().optional(),
    content_type: text(200),
  }),
  defaults: { file_type: 'other' },
  stamps: { createdBy: 'uploaded_by', createdDate: 'uploaded_at' },
  computed: (line) => ({ file: fileUrl(line) }),
  routes: { list: '/bids/:parentId/files/', item: '/bids/files/:id' },
  fields: [
    { name: 'file_name', label: 'File', kind: 'text' },
    { name: 'file_type', label: 'Type', kind: 'choice', choices: BID_FILE_TYPES },
    { name: 'uploaded_by', label: 'By', kind: 'text', readOnly: true },
    { name: 'uploaded_at', label: 'Uploaded', kind: 'date', readOnly: true },
  ],
});
