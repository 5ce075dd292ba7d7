/** The project's child collections, declared once (see shared/collections.ts). */
import { z } from 'zod';
import { decimal, text } from '../shared/fields.ts';
import { recordLines } from '../shared/record-lines.ts';

const project = recordLines({ aggregate: 'project', base: '/project' });

export const projectCustomers = project.lines('customers', {
  name: 'project_customers',
  entity: 'ProjectCustomer',
  noun: 'Customer',
  schema: z.object({
    customer: text(200),
    job_ref: text(200),
    contact_name: text(200),
    contact_phone: text(50),
    contact_email: text(200),
  }),
  fields: [
    { name: 'customer', label: 'Customer', kind: 'text', width: 200 },
    { name: 'job_ref', label: 'Customer job ref', kind: 'text' },
    { name: 'contact_name', label: 'Contact', kind: 'text' },
    { name: 'contact_phone', label: 'Phone', kind: 'text' },
    { name: 'contact_email', label: 'Email', kind: 'text' },
  ],
});

/** A latitude or longitude within its bounds, so the list's distances are never nonsense. */
const degrees = (max: number) => decimal({ min: -max, max });

export const projectLocations = project.lines('locations', {
  name: 'project_locations',
  entity: 'ProjectLocation',
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

export const projectContacts = project.lines('contacts', {
  name: 'project_contacts',
  entity: 'ProjectContact',
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

export const projectNotes = project.notes('notes', { name: 'project_notes', entity: 'ProjectNote' });

export const projectFiles = project.files('files', { name: 'project_files', entity: 'ProjectFile' });

/** Every collection of a project. */
export const projectCollections = [projectCustomers, projectLocations, projectContacts, projectNotes, projectFiles];
