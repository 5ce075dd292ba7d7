/** Webhook events, past tense. */
import type { Changes } from '../shared/changes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { WebhookFields } from './commands.ts';

export type WebhookCreated = DomainEvent<'WebhookCreated', { id: string; values: WebhookFields }>;
export type WebhookRevised = DomainEvent<'WebhookRevised', { changes: Changes }>;
export type WebhookDeleted = DomainEvent<'WebhookDeleted', Record<string, never>>;
export type WebhookSecretRotated = DomainEvent<'WebhookSecretRotated', { changes: Changes }>;
export type WebhookEvent = WebhookCreated | WebhookRevised | WebhookDeleted | WebhookSecretRotated;

/** The webhook's own events: never offered to webhooks (they carry the secret). */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEvent['type'][] = ['WebhookCreated', 'WebhookRevised', 'WebhookDeleted', 'WebhookSecretRotated'];
