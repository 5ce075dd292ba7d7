/** The locate's child collections (spec 3 sections 3 and 7), and the locate settings' holidays. */
import { z } from 'zod';
import { authorStamps, customerDataOf, customerDataSchema } from '../shared/standard-collections.ts';
import { defineCollection } from '../shared/collections.ts';
import { choice, date, ref, text } from '../shared/fields.ts';
import { recordLines } from '../shared/record-lines.ts';
import { CURRENT_TICKET_TYPES } from './rules.ts';

const locate = recordLines({ aggregate: 'locate', base: '/locates' });

/**
 * The history of the locate's ticket numbers, oldest first: each re-up adds one (LocateReUpped); a line
 * may be corrected or removed by hand. POST on the list path is a re-up (apps/api areas/locates).
 */
export const locateNumbers = locate.lines('locate_numbers', {
  name: 'locate_numbers',
  entity: 'LocateNumber',
  noun: 'Locate number',
  schema: z.object({
    segment: text(50),
    ticket_number: text(100),
    alt_ticket_number: text(100),
    ticket_type: choice(CURRENT_TICKET_TYPES),
    date_submitted: date(),
    date_expiration: date(),
    work_date: date(),
    remarks: text(2000),
  }),
  stamps: authorStamps,
  fields: [
    { name: 'segment', label: 'Segment', kind: 'text', width: 80 },
    { name: 'ticket_number', label: 'Ticket #', kind: 'text', width: 130 },
    { name: 'alt_ticket_number', label: 'Alt #', kind: 'text', width: 110 },
    { name: 'ticket_type', label: 'Type', kind: 'choice', choices: CURRENT_TICKET_TYPES, width: 110 },
    { name: 'date_submitted', label: 'Submitted', kind: 'date' },
    { name: 'work_date', label: 'Work date', kind: 'date' },
    { name: 'date_expiration', label: 'Expires', kind: 'date' },
    { name: 'remarks', label: 'Remarks', kind: 'text', width: 220 },
    { name: 'created_by', label: 'By', kind: 'text', readOnly: true },
  ],
});

/** Whose work the locate is for: customer, their job number and job, and the segment (seg). */
export const locateCustomerData = locate.lines('customer_data', {
  name: 'locate_customer_data',
  entity: 'LocateCustomerData',
  ...customerDataOf,
  schema: customerDataSchema.extend({ segment: text(50) }),
});

/** The crews assigned to the locate: a crew of Settings > Crews by id (`crew`) or name (`crew_name`), the API filling the other ('Please enter a Crew name'). */
export const locateCrews = locate.lines('crews', {
  name: 'locate_crews',
  entity: 'LocateCrew',
  noun: 'Crew',
  schema: z.object({ crew: ref({ record: 'crew' }), crew_name: text(200) }),
  fields: [{ name: 'crew_name', label: 'Crew', kind: 'text', width: 200 }],
});

export const locateNotes = locate.notes('notes', { name: 'locate_notes', entity: 'LocateNote' });

/** Every collection of a locate. */
export const locateCollections = [locateNumbers, locateCustomerData, locateCrews, locateNotes];

/** Days that are no working day for a working-day ticket life (Settings > Locates). */
export const locateHolidays = defineCollection({
  name: 'locate_holidays',
  entity: 'LocateHoliday',
  aggregate: 'locate_settings',
  parentField: 'settings',
  noun: 'Holiday',
  singleton: true,
  unique: 'date',
  schema: z.object({ date: date(), name: text(200) }),
  routes: { list: '/settings/locates/holidays/', item: '/settings/locates/holidays/:id' },
  compare: (a, b) => String(a.date ?? '').localeCompare(String(b.date ?? '')),
  fields: [
    { name: 'date', label: 'Date', kind: 'date' },
    { name: 'name', label: 'Holiday', kind: 'text', width: 220 },
  ],
});
