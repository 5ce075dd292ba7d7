/** What the webhooks area declares; packages/domain/src/registry.ts composes every area. */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { webhookDecider, type WebhookState } from './webhook.ts';
import { webhookView } from './view.ts';
import { webhookFields } from './commands.ts';

export const webhookAggregate = {
  name: 'webhook',
  label: 'Webhook',
  fields: webhookFields,
  decider: webhookDecider,
  view: (s) => webhookView(s),
  listRow: sameRow,
  shownAs: { title: 'url', page: '/settings/webhooks/' },
} satisfies AggregateDef<WebhookState>;

export const webhooksArea: Area = { aggregates: [webhookAggregate], collections: [] };
