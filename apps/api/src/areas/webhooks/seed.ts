/**
 * The demo's webhook (apps/api/src/seed.ts): an ERP that wants new jobs, re-ups and expiring locates,
 * made through the route's own create (its secret the server's) and left turned off, so the demo never
 * sends anything outside while Settings > Webhooks shows a webhook with its secret and topics.
 */
import type { Actor, ApiContext } from '../../platform/context.ts';
import { createRecord } from '../../platform/record-routes.ts';
import { webhookCreate, webhookFieldsKnown } from './routes.ts';

export async function seedWebhooks(ctx: ApiContext, actor: Actor) {
  const values = webhookFieldsKnown.parse({
    url: 'https://erp.example/trenchline/events',
    description: 'Our ERP (turned off in the demo)',
    topics: ['JobCreated', 'LocateReUpped', 'notification.locate_expiring'],
    active: false,
  });
  await createRecord(ctx, actor, { aggregate: 'webhook', create: webhookCreate }, values);
}
