/** The organization form's pure logic: the shared record-form logic over its fields and what a save sends. */
import { SALES_FIELD_NAMES } from '@trenchline/domain';
import { defineFormLogic, recordPayload } from '../../components/record/formLogic';
import type { SalesValues } from './api/types';

export const salesFormLogic = defineFormLogic<SalesValues>(SALES_FIELD_NAMES);

/** What a save sends: every field, blank text as null, archived a flag. */
export const toPayload = (draft: SalesValues): SalesValues => recordPayload(draft);

const LABELS: Record<string, string> = {
  name: 'Name',
  org_type: 'Type',
  status: 'Status',
  adoption_status: 'Adoption status',
  lead_source: 'Lead source',
  scrubbed_reason: 'Scrub reason',
  colour: 'Colour',
  phone: 'Phone',
  email: 'E-mail',
  website: 'Website',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  next_follow_up: 'Next follow-up',
  notes: 'Notes',
  archived: 'Archived',
  contact: 'Contact',
};

/** A field's label; unknown names are made readable. */
export const salesFieldLabel = (name: string) => LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
