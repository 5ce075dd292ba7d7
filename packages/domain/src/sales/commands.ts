/** Sales organisation commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, date, flag, text } from '../shared/fields.ts';
import { LEAD_SOURCES, SALES_ADOPTION, SALES_COLOURS, SALES_STATUSES, SALES_TYPES, SCRUB_REASONS } from './rules.ts';

/** Every editable field of a sales organisation (spec 3 section 3). */
export const salesOrganizationFields = z.object({
  name: text(300),
  org_type: choice(SALES_TYPES),
  status: choice(SALES_STATUSES),
  adoption_status: choice(SALES_ADOPTION),
  lead_source: choice(LEAD_SOURCES),
  scrubbed_reason: choice(SCRUB_REASONS),
  colour: choice(SALES_COLOURS),
  phone: text(50),
  email: text(200),
  website: text(300),
  address: text(300),
  city: text(100),
  state: text(50),
  zip: text(20),
  next_follow_up: date(),
  notes: text(10_000),
  archived: flag(),
});
/** The spec's name of `org_type`, checked as it is (a 400 names `type`); `orgTypeSent` says which of the two a body gives. */
export const salesTypeAlias = z.object({ type: choice(SALES_TYPES) });
export type SalesOrganizationFields = z.infer<typeof salesOrganizationFields>;
export const SALES_FIELD_NAMES = Object.keys(salesOrganizationFields.shape) as (keyof SalesOrganizationFields)[];

export type SalesOrganizationCommand =
  | { type: 'CreateSalesOrganization'; organizationId: string; values: Partial<SalesOrganizationFields> }
  | { type: 'ReviseSalesOrganization'; values: Partial<SalesOrganizationFields> }
  | { type: 'DeleteSalesOrganization' }
  | LineCommand;
