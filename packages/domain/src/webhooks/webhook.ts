/**
 * The webhook aggregate: an outside system's URL, the topics it wants and whether it is on; its
 * secret is made by the server (passed in the command) and replaced by a rotation.
 */
import { applyChanges } from '../shared/changes.ts';
import { DomainError, type Decider } from '../shared/decider.ts';
import { filledValues, recordDecider, recordNames, requireRecord, type RecordState } from '../shared/record-decider.ts';
import { webhookFields, type WebhookCommand, type WebhookFields } from './commands.ts';
import type { WebhookEvent, WebhookSecretRotated } from './events.ts';

export type WebhookState = RecordState<WebhookFields>;

const EDITABLE = Object.keys(webhookFields.shape);

/** A secret the server made: refused when missing, so no webhook is ever unsigned. */
function requireSecret(secret: unknown): string {
  if (typeof secret !== 'string' || secret.length < 16) throw new Error('a webhook secret must come from the server');
  return secret;
}

export const webhookDecider: Decider<WebhookState, WebhookCommand, WebhookEvent> = recordDecider<WebhookState, WebhookCommand, WebhookEvent>({
  aggregate: 'webhook',
  label: 'Webhook',
  collections: [],
  ...recordNames('Webhook'),
  created: (values, command) => {
    const given = webhookFields.parse(filledValues(values, webhookFields.shape));
    if (!given.url) throw new DomainError('invalid', 'A webhook needs its URL', { url: 'is required' });
    return { url: given.url, description: given.description ?? null, topics: given.topics ?? [], active: given.active ?? true, secret: requireSecret((command as { secret?: unknown }).secret) };
  },
  // Only the editable fields: the secret changes by rotation alone.
  revised: (values) => {
    const edited = Object.fromEntries(Object.entries(values).filter(([k]) => EDITABLE.includes(k)));
    if ('url' in edited && !edited.url) throw new DomainError('invalid', 'A webhook needs its URL', { url: 'is required' });
    if ('topics' in edited && edited.topics === null) edited.topics = [];
    return edited;
  },

  decide(command, state) {
    if (command.type !== 'RotateWebhookSecret') throw new Error(`unhandled case: ${command.type}`);
    requireRecord(state, 'Webhook');
    return [{ type: 'WebhookSecretRotated', data: { changes: { secret: { old: state.fields.secret, new: requireSecret(command.secret) } } } }];
  },
  evolve(touched, event) {
    if (event.type !== 'WebhookSecretRotated') return undefined;
    return { ...touched, fields: applyChanges(touched.fields, (event as WebhookSecretRotated).data.changes) };
  },
});
