/**
 * The sales organisation aggregate (the sales tracker): a lead or customer organisation with its
 * locations, surveys, contacts, e-mails, phone calls, meetings and sales activities. Its own rule: the
 * e-mails, calls and meetings are numbered in order (the next number unless one is sent), and an
 * activity is always dated (today, by the server's clock, when none is sent), so the weekly hours and
 * the organisation's hours count the same activities.
 */
import { linesOfCollection, parseLineValues, type LineCommand } from '../shared/collections.ts';
import { DomainError, type Decider } from '../shared/decider.ts';
import { dateOf } from '../shared/dates.ts';
import { filledValues, recordDecider, recordNames, type RecordState } from '../shared/record-decider.ts';
import { type SalesOrganizationCommand, type SalesOrganizationFields, salesOrganizationFields } from './commands.ts';
import type { SalesOrganizationEvent } from './events.ts';
import { NUMBERED_SALES_LINES, salesActivities, salesCollections } from './collections.ts';
import { NEW_SALES_STATUS, NEW_SALES_TYPE } from './rules.ts';

export type SalesOrganizationState = RecordState<SalesOrganizationFields>;

export const salesOrganizationDecider: Decider<SalesOrganizationState, SalesOrganizationCommand, SalesOrganizationEvent> = recordDecider<SalesOrganizationState, SalesOrganizationCommand, SalesOrganizationEvent>({
  aggregate: 'sales_organization',
  label: 'Organization',
  collections: salesCollections,
  ...recordNames('SalesOrganization'),
  idField: 'organizationId',
  created: (values) => salesOrganizationFields.parse({ archived: false, status: NEW_SALES_STATUS, org_type: NEW_SALES_TYPE, ...filledValues(values) }),
  revised: (values) => Object.fromEntries(Object.entries(values).filter(([k]) => k in salesOrganizationFields.shape)),
  lines: (command, state, meta, plain) => {
    if (command.collection === salesActivities.name) return plain(datedActivity(command, meta.at));
    const field = NUMBERED_SALES_LINES[command.collection];
    if (!field || command.type !== 'AddLine') return plain(command);
    const def = salesCollections.find((c) => c.name === command.collection)!;
    const values = parseLineValues(def, command.values, true);
    if (values[field] !== undefined && values[field] !== null) return plain(command);
    const numbers = linesOfCollection(state.lines, def).map((l) => Number(l[field])).filter((n) => Number.isFinite(n));
    return plain({ ...command, values: { ...values, [field]: numbers.length ? Math.floor(Math.max(...numbers)) + 1 : 1 } });
  },
});

const undated = (v: unknown) => v === undefined || v === null || v === '';

/** An activity added without a date takes today's (the write's clock); an edit may change its date, not take it away. */
function datedActivity(command: LineCommand, at: string): LineCommand {
  if (command.type === 'RemoveLine') return command;
  const values = parseLineValues(salesActivities, command.values, true);
  if (command.type === 'AddLine') return undated(values.activity_date) ? { ...command, values: { ...values, activity_date: dateOf(at) } } : command;
  if ('activity_date' in values && undated(values.activity_date)) throw new DomainError('invalid', 'An activity needs its date', { activity_date: 'an activity needs its date' });
  return command;
}

