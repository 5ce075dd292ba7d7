/** The project's child collections, declared once (see shared/collections.ts). */
import { z } from 'zod';
import { defineCollection } from '../shared/collections.ts';
import { DEFAULT_NOTE_STATUS, NOTE_STATUSES } from '../shared/choices.ts';
import { choice, decimal, text } from '../shared/fields.ts';
import { fileUrl } from '../shared/files.ts';
import { PROJECT_FILE_TYPES } from './rules.ts';

export const projectCustomers = defineCollection({
  name: 'project_customers',
  entity: 'ProjectCustomer',
  aggregate: 'project',
  parentField: 'project',
  noun: 'Customer',
  schema: z.object({
    customer: text(200),
    job_ref: text(200),
    contact_name: text(200),
    contact_phone: text(50),
    contact_email: text(200),
  }),
  routes: { list: '/project/:parentId/customers/', item: '/project/customers/:id' },
  fields: [
    { name: 'customer', label: 'Customer', kind: 'text', width: 200 },
    { name: 'job_ref', label: 'Customer job ref', kind: 'text' },
    { name: 'contact_name', label: 'Contact', kind: 'text' },
    { name: 'contact_phone', label: 'Phone', kind: 'text' },
    { name: 'contact_email', label: 'Email', kind: 'text' },
  ],
});

/** A latitude or longitude within its bounds, so the list's distances are never nonsense. */
const degrees = (max: number) => decimal().refine((v) => v == null || Math.abs(v) <= max, { message: `must be between -${max} and ${max}` });

export const projectLocations = defineCollection({
  name: 'project_locations',
  entity: 'ProjectLocation',
  aggregate: 'project',
  parentField: 'project',
  noun: 'Location',
  schema: z.object({
    name: text(200),
    address: text(500),
    city: text(200),
    county: text(200),
    state: text(100),
    zip: text(20),
    latitude: degrees(90),
    longitude: degrees(180),
    notes: text(5000),
  }),
  routes: { list: '/project/:parentId/locations/', item: '/project/locations/:id' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', width: 160 },
    { name: 'address', label: 'Address', kind: 'text', width: 200 },
    { name: 'city', label: 'City', kind: 'text' },
    { name: 'county', label: 'County', kind: 'text' },
    { name: 'state', label: 'State', kind: 'text', width: 70 },
    { name: 'zip', label: 'Zip', kind: 'text', width: 80 },
    { name: 'latitude', label: 'Latitude', kind: 'number' },
    { name: 'longitude', label: 'Longitude', kind: 'number' },
    { name: 'notes', label: 'Notes', kind: 'longtext', width: 240 },
  ],
});

export const projectContacts = defineCollection({
  name: 'project_contacts',
  entity: 'ProjectContact',
  aggregate: 'project',
  parentField: 'project',
  noun: 'Contact',
  schema: z.object({
    name: text(200),
    title: text(200),
    company: text(200),
    phone: text(50),
    email: text(200),
    notes: text(5000),
  }),
  stamps: { createdDate: 'created_date' },
  routes: { list: '/project/:parentId/contacts/', item: '/project/contacts/:id' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', width: 160 },
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'company', label: 'Company', kind: 'text' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'text', width: 200 },
    { name: 'notes', label: 'Notes', kind: 'longtext', width: 240 },
    { name: 'created_date', label: 'Added', kind: 'date', readOnly: true },
  ],
});

export const projectNotes = defineCollection({
  name: 'project_notes',
  entity: 'ProjectNote',
  aggregate: 'project',
  parentField: 'project',
  noun: 'Note',
  schema: z.object({
    note: text(10_000),
    note_status: choice(NOTE_STATUSES),
    created_by: text(200),
  }),
  defaults: { note_status: DEFAULT_NOTE_STATUS, note: '' },
  stamps: { createdBy: 'created_by', createdDate: 'created_date' },
  routes: { list: '/project/:parentId/notes/', item: '/project/notes/:id' },
  fields: [
    { name: 'note_status', label: 'Status', kind: 'choice', choices: NOTE_STATUSES, width: 140 },
    { name: 'note', label: 'Note', kind: 'longtext', width: 420 },
    { name: 'created_by', label: 'By', kind: 'text', readOnly: true },
    { name: 'created_date', label: 'Date', kind: 'date', readOnly: true },
  ],
});

export const projectFiles = defineCollection({
  name: 'project_files',
  entity: 'ProjectFile',
  aggregate: 'project',
  parentField: 'project',
  noun: 'file',
  upload: true,
  schema: z.object({
    file_name: text(300),
    file_type: choice(PROJECT_FILE_TYPES),
    /** Set by the upload route from the stored blob, never by the client. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    size: z.number().int().nonnegative().optional(),
    content_type: text(200),
  }),
  defaults: { file_type: 'other' },
  stamps: { createdBy: 'uploaded_by', createdDate: 'uploaded_at' },
  computed: (line) => ({ file: fileUrl(line) }),
  routes: { list: '/project/:parentId/files/', item: '/project/files/:id' },
  fields: [
    { name: 'file_name', label: 'File', kind: 'text' },
    { name: 'file_type', label: 'Type', kind: 'choice', choices: PROJECT_FILE_TYPES },
    { name: 'uploaded_by', label: 'By', kind: 'text', readOnly: true },
    { name: 'uploaded_at', label: 'Uploaded', kind: 'date', readOnly: true },
  ],
});
