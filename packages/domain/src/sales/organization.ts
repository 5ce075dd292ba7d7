/**
 * The sales organisation aggregate (the sales tracker): a lead or customer organisation with its
 * locations, surveys, contacts, e-mails, phone calls, meetings and sales activities. Its own rule: the
 * e-mails, calls and meetings are numbered in order (the next number unless one is sent).
 */
import { linesOfCollection, parseLineValues } from '../shared/collections.ts';
import { type Decider } from '../shared/decider.ts';
import { recordDecider, type RecordState } from '../shared/record-decider.ts';
import { type SalesOrganizationCommand, type SalesOrganizationFields, salesOrganizationFields } from './commands.ts';
import type { SalesOrganizationEvent } from './events.ts';
import { NUMBERED_SALES_LINES, salesCollections } from './collections.ts';
import { NEW_SALES_STATUS, NEW_SALES_TYPE } from './rules.ts';

export type SalesOrganizationState = RecordState<SalesOrganizationFields>;

export const salesOrganizationDecider: Decider<SalesOrganizationState, SalesOrganizationCommand, SalesOrganizationEvent> = recordDecider<SalesOrganizationState, SalesOrganizationCommand, SalesOrganizationEvent>({
  aggregate: 'sales_organization',
  label: 'Organization',
  collections: salesCollections,
  commands: { create: 'CreateSalesOrganization', revise: 'ReviseSalesOrganization', delete: 'DeleteSalesOrganization' },
  idField: 'organizationId',
  events: { created: 'SalesOrganizationCreated', revised: 'SalesOrganizationRevised', deleted: 'SalesOrganizationDeleted' },
  created: (values) => salesOrganizationFields.parse({ archived: false, status: NEW_SALES_STATUS, org_type: NEW_SALES_TYPE, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== '')) }),
  revised: (values) => Object.fromEntries(Object.entries(values).filter(([k]) => k in salesOrganizationFields.shape)),
  lines: (command, state, _meta, plain) => {
    const field = NUMBERED_SALES_LINES[command.collection];
    if (!field || command.type !== 'AddLine') return plain(command);
    const def = salesCollections.find((c) => c.name === command.collection)!;
    const values = parseLineValues(def, command.values, true);
    if (values[field] !== undefined && values[field] !== null) return plain(command);
    const numbers = linesOfCollection(state.lines, def).map((l) => Number(l[field])).filter((n) => Number.isFinite(n));
    return plain({ ...command, values: { ...values, [field]: numbers.length ? Math.floor(Math.max(...numbers)) + 1 : 1 } });
  },
});
