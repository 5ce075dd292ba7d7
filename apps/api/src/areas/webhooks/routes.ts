/**
 * Webhooks for outside systems (docs/webhooks.md), admin only. The record's create, read, edit,
 * delete and history come from recordRoutes; declared here: the list, the topics, rotating the
 * secret, a ping, and the deliveries log. The secret is made here (crypto), never by the domain.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PING_TOPIC, webhookFieldsOf, webhookTopicGroups, webhookTopics, webhookView, type WebhookState } from '@trenchline/domain';
import { deliveriesOf, offerToWebhooks, webhooksOf } from '@trenchline/read-model';
import { refusedOutboundHost } from '@trenchline/platform';
import { defineRoutes, reply, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { recordRoutes } from '../../platform/record-routes.ts';
import { executeCommand, loadRecord, writeReply } from '../../platform/records.ts';
import { DEFAULT_PAGE_SIZE, pageUrl, pagingShape } from '../../platform/lists.ts';
import { HttpError } from '../../platform/errors.ts';

/** A new signing secret: 32 random bytes, hex, with a prefix that says what it is. */
const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

const ids = { id: 'webhook' } as const;
const readsWebhooks = ['webhooks'];
const deliveriesQuery = z.object(pagingShape).loose();

/** The create of the route and the demo seed: the secret is made here. */
export const webhookCreate = {
  path: '/webhooks',
  summary: 'Add a webhook {url, description?, topics: [event type | notification.<kind> | report_schedule.delivered], active?}: answers it with its new secret',
  carries: async () => ({ secret: newSecret() }),
};

export const webhookFieldsKnown = webhookFieldsOf(webhookTopics, refusedOutboundHost);

const generic = recordRoutes({
  aggregate: 'webhook',
  base: '/webhooks/:id',
  fields: webhookFieldsKnown,
  create: webhookCreate,
});

const own: RouteDef[] = [
  {
    method: 'get',
    path: '/webhooks',
    summary: "The account's webhooks, newest first, each with its secret and latest delivery",
    readsLists: readsWebhooks,
    handle: async ({ actor }, ctx) => webhooksOf(ctx.db, actor.accountId),
  },
  {
    method: 'get',
    path: '/webhooks/topics',
    summary: 'What a webhook may subscribe to, grouped: {groups: [{group, topics}]}',
    handle: async () => ({ groups: webhookTopicGroups() }),
  },
  {
    method: 'post',
    path: '/webhooks/:id/rotate_secret',
    ids,
    summary: 'Replace the webhook\'s secret with a new one (deliveries from now on are signed with it); answers the webhook',
    handle: async ({ actor, params }, ctx) => {
      const r = await executeCommand<WebhookState>(ctx, actor, 'webhook', params.id, { type: 'RotateWebhookSecret', secret: newSecret() });
      return writeReply(webhookView(r.state), r.version, r.position);
    },
  },
  {
    method: 'post',
    path: '/webhooks/:id/ping',
    ids,
    summary: 'Send the webhook a signed `ping` delivery now: 202 {delivery}; 409 when the webhook is turned off',
    readsLists: readsWebhooks,
    handle: async ({ actor, params }, ctx) => {
      const { state } = await loadRecord<WebhookState>(ctx, actor, 'webhook', params.id);
      const payload = { message: 'A test delivery from Trenchline', webhook_id: params.id, url: state.fields.url, sent_by: actor.userName };
      const offered = await offerToWebhooks(ctx.db, { accountId: actor.accountId, topic: PING_TOPIC, dedupeKey: `ping:${randomUUID()}`, payload, webhookIds: [params.id] });
      if (!offered) throw new HttpError(409, 'conflict', 'The webhook is turned off: turn it on to ping it', { fields: { active: 'is off' } });
      return reply({ status: 202, body: { queued: offered } });
    },
  },
  {
    method: 'get',
    path: '/webhooks/:id/deliveries',
    ids,
    summary: "The webhook's deliveries, newest first, each with every attempt's answer: ?page&page_size (1..500) for {results, count, next, previous}",
    query: deliveriesQuery,
    handle: async ({ actor, params, query, raw }, ctx) => {
      const { page = 1, page_size: size = DEFAULT_PAGE_SIZE } = query as { page?: number; page_size?: number };
      const { results, count } = await deliveriesOf(ctx.db, actor.accountId, params.id, { page: Number(page), pageSize: Number(size) });
      return { results, count, next: page * size < count ? pageUrl(raw, Number(page) + 1) : null, previous: page > 1 ? pageUrl(raw, Number(page) - 1) : null };
    },
  },
];

export const webhookRoutes = defineRoutes('webhooks', withOverrides(own, generic));
