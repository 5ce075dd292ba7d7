/** Settings events (the catalog records' events come from shared/catalog-records.ts). */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { Line, LineEvent } from '../shared/collections.ts';
import type { DocumentKind } from './rules.ts';
import type { Role } from './roles.ts';

// The account's settings record: files, subscriptions, users, cancellation.
export type AccountSettingsOpened = DomainEvent<'AccountSettingsOpened', { id: string }>;
export type SubscriptionChanged = DomainEvent<'SubscriptionChanged', { item: string; name: string; quantity: number; previous: number }>;
export type AccountCancelled = DomainEvent<'AccountCancelled', { reason: string | null }>;
export type AccountUserAdded = DomainEvent<'AccountUserAdded', { user_id: string; display_name: string; email: string; role?: Role }>;
/** A user's role changed (docs/roles.md): who, and the role's old and new value (as history shows a change). */
export type AccountUserRoleChanged = DomainEvent<'AccountUserRoleChanged', { user_id: string; display_name: string; changes: { role: { old: Role; new: Role } } }>;
export type AccountUserRevised = DomainEvent<'AccountUserRevised', { user_id: string; changes: Changes }>;
export type AccountUserPasswordChanged = DomainEvent<'AccountUserPasswordChanged', { user_id: string; display_name: string }>;
export type AccountUserDeactivated = DomainEvent<'AccountUserDeactivated', { user_id: string; display_name: string }>;
export type AccountUserReactivated = DomainEvent<'AccountUserReactivated', { user_id: string; display_name: string }>;
/** The account's anchor of its history at a position of $all (docs/audit.md), as mailed to its admins. */
export type HistoryAnchored = DomainEvent<'HistoryAnchored', { position: string; hash: string; events: number; streams: number; mailed_to: string[] }>;
/** The account's time zone (IANA), in which report schedules run: the old and new name, as history shows a change. */
export type AccountTimeZoneChanged = DomainEvent<'AccountTimeZoneChanged', { changes: { time_zone: { old: string; new: string } } }>;
export type AccountSettingsOwnEvent =
  | AccountSettingsOpened
  | AccountTimeZoneChanged
  | HistoryAnchored
  | SubscriptionChanged
  | AccountCancelled
  | AccountUserAdded
  | AccountUserRevised
  | AccountUserRoleChanged
  | AccountUserPasswordChanged
  | AccountUserDeactivated
  | AccountUserReactivated;
export type AccountSettingsEvent = AccountSettingsOwnEvent | LineEvent;

// The SVA rate sheet.
export type SvaRateSheetOpened = DomainEvent<'SvaRateSheetOpened', { id: string }>;
export type SvaCodesImported = DomainEvent<
  'SvaCodesImported',
  { file_name: string | null; added: Line[]; revised: { id: string; changes: Changes }[]; unchanged: number }
>;
export type SvaRateSheetOwnEvent = SvaRateSheetOpened | SvaCodesImported;
export type SvaRateSheetEvent = SvaRateSheetOwnEvent | LineEvent;

// Document numbering.
export type DocumentCounterOpened = DomainEvent<'DocumentCounterOpened', { id: string; kind: DocumentKind }>;
/** `skipped`: the numbers before it that records held already (typed by hand), passed by. */
export type DocumentNumberIssued = DomainEvent<'DocumentNumberIssued', { kind: DocumentKind; number: number; skipped?: number[] }>;
export type CurrentNumberSet = DomainEvent<'CurrentNumberSet', { kind: DocumentKind; number: number; previous: number }>;
export type DocumentCounterEvent = DocumentCounterOpened | DocumentNumberIssued | CurrentNumberSet;

// What a user did in an app (a log, one stream per user).
export type UserAppActivityRecorded = DomainEvent<'UserAppActivityRecorded', { id: string; user_id: string; user_name: string } & Record<string, unknown>>;
