/**
 * The sales organisation's child collections (spec 3 sections 3 and 7): locations, surveys, contacts,
 * e-mails, phone calls and meetings at /api/sales/organizations/{id}/{kind}/ and
 * /api/sales/organizations/{kind}/{id}/, and the sales activities with their hours at
 * /api/sales/sales_activities/ (the organisation in the body).
 */
import { z } from 'zod';
import { authorStamps } from '../shared/standard-collections.ts';
import { defineCollection, type CollectionDef } from '../shared/collections.ts';
import { recordLines } from '../shared/record-lines.ts';
import { choice, date, quantity, ref, text } from '../shared/fields.ts';
import { ACTIVITY_TYPES } from './rules.ts';

const organization = recordLines({ aggregate: 'sales_organization', parentField: 'organization', base: '/sales/organizations' });

/** An organisation's lines are named after their path and noun ('locations', 'Location': sales_locations, SalesLocation), so each declares only its fields. */
const orgLines = (kind: string, noun: string, o: Omit<CollectionDef, 'aggregate' | 'parentField' | 'routes' | 'name' | 'entity' | 'noun'>) =>
  organization.lines(kind, { name: `sales_${kind}`, entity: `Sales${noun}`, noun, ...o });

export const salesLocations = orgLines('locations', 'Location', {
  schema: z.object({ name: text(200), address: text(300), city: text(100), state: text(50), zip: text(20), phone: text(50), notes: text(2000) }),
  fields: [
    { name: 'name', label: 'Location', kind: 'text', width: 160 },
    { name: 'address', label: 'Address', kind: 'text', width: 200 },
    { name: 'city', label: 'City', kind: 'text', width: 120 },
    { name: 'state', label: 'State', kind: 'text', width: 60 },
    { name: 'zip', label: 'Zip', kind: 'text', width: 70 },
    { name: 'phone', label: 'Phone', kind: 'text', width: 110 },
  ],
});

export const salesSurveys = orgLines('surveys', 'Survey', {
  schema: z.object({ survey_date: date(), crews: quantity(), employees: quantity(), current_tools: text(500), pain_points: text(2000), notes: text(2000) }),
  fields: [
    { name: 'survey_date', label: 'Date', kind: 'date' },
    { name: 'crews', label: 'Crews', kind: 'number' },
    { name: 'employees', label: 'Employees', kind: 'number' },
    { name: 'current_tools', label: 'Tools today', kind: 'text', width: 180 },
    { name: 'pain_points', label: 'Pain points', kind: 'longtext', width: 240 },
  ],
});

export const salesContacts = orgLines('contacts', 'Contact', {
  schema: z.object({ first_name: text(100), last_name: text(100), name: text(200), title: text(200), phone_1: text(50), email: text(200), notes: text(2000) }),
  fields: [
    { name: 'first_name', label: 'First name', kind: 'text', width: 120 },
    { name: 'last_name', label: 'Last name', kind: 'text', width: 120 },
    { name: 'title', label: 'Title', kind: 'text', width: 140 },
    { name: 'phone_1', label: 'Phone', kind: 'text', width: 120 },
    { name: 'email', label: 'E-mail', kind: 'text', width: 180 },
  ],
});

/** A line that names one of the organisation's contacts and is numbered in order (an e-mail, a call, a meeting). */
const contactLine = (kind: string, noun: string, o: { numberField: string; more: z.ZodRawShape; fields: CollectionDef['fields'] }) =>
  orgLines(kind, noun, {
    schema: z.object({ [o.numberField]: quantity(), contact: ref({ line: 'sales_contacts' }), ...o.more }),
    stamps: authorStamps,
    fields: [{ name: o.numberField, label: '#', kind: 'number', width: 50 }, ...o.fields],
  });

export const salesEmails = contactLine('emails', 'Email', {
  numberField: 'email_line_number',
  more: { email_date: date(), subject: text(300), body: text(10_000) },
  fields: [
    { name: 'email_date', label: 'Date', kind: 'date' },
    { name: 'subject', label: 'Subject', kind: 'text', width: 220 },
    { name: 'body', label: 'Message', kind: 'longtext', width: 300 },
  ],
});

export const salesPhonecalls = contactLine('phonecalls', 'Phonecall', {
  numberField: 'phonecall_line_number',
  more: { call_date: date(), name: text(200), phone_number: text(50), outcome: text(200), notes: text(2000) },
  fields: [
    { name: 'call_date', label: 'Date', kind: 'date' },
    { name: 'name', label: 'Spoke with', kind: 'text', width: 140 },
    { name: 'phone_number', label: 'Phone', kind: 'text', width: 110 },
    { name: 'outcome', label: 'Outcome', kind: 'text', width: 160 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 240 },
  ],
});

export const salesMeetings = contactLine('meetings', 'Meeting', {
  numberField: 'meeting_line_number',
  more: { meeting_date: date(), name: text(200), place: text(300), notes: text(2000) },
  fields: [
    { name: 'meeting_date', label: 'Date', kind: 'date' },
    { name: 'name', label: 'Meeting', kind: 'text', width: 180 },
    { name: 'place', label: 'Where', kind: 'text', width: 160 },
    { name: 'notes', label: 'Notes', kind: 'text', width: 240 },
  ],
});

/** The numbered lines and the field each keeps its number in. */
export const NUMBERED_SALES_LINES: Record<string, string> = { sales_emails: 'email_line_number', sales_phonecalls: 'phonecall_line_number', sales_meetings: 'meeting_line_number' };

/** Time spent on the organisation: who (stamped), when, what and how many hours. */
export const salesActivities = defineCollection({
  name: 'sales_activities',
  entity: 'SalesActivity',
  aggregate: 'sales_organization',
  parentField: 'organization',
  parentFrom: { body: ['organization'] },
  noun: 'Activity',
  schema: z.object({ activity_date: date(), activity_type: choice(ACTIVITY_TYPES), hours: quantity(), notes: text(2000) }),
  stamps: { createdBy: 'user', createdDate: 'created_date' },
  routes: { list: '/sales/sales_activities/', item: '/sales/sales_activities/:id' },
  fields: [
    { name: 'activity_date', label: 'Date', kind: 'date' },
    { name: 'activity_type', label: 'Activity', kind: 'choice', choices: ACTIVITY_TYPES, width: 110 },
    { name: 'hours', label: 'Hours', kind: 'number', unit: 'h' },
    { name: 'notes', label: 'Notes', kind: 'text', width: 260 },
    { name: 'user', label: 'By', kind: 'text', readOnly: true },
  ],
});

export const salesCollections = [salesLocations, salesSurveys, salesContacts, salesEmails, salesPhonecalls, salesMeetings, salesActivities];
