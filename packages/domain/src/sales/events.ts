/** Sales organisation events. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { LineEvent } from '../shared/collections.ts';
import type { SalesOrganizationFields } from './commands.ts';

export type SalesOrganizationCreated = DomainEvent<'SalesOrganizationCreated', { id: string; values: SalesOrganizationFields }>;
export type SalesOrganizationRevised = DomainEvent<'SalesOrganizationRevised', { changes: Changes }>;
export type SalesOrganizationDeleted = DomainEvent<'SalesOrganizationDeleted', Record<string, never>>;

export type SalesOrganizationEvent = SalesOrganizationCreated | SalesOrganizationRevised | SalesOrganizationDeleted | LineEvent;
