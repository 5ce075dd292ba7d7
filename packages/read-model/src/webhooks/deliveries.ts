/**
 * What Settings > Webhooks reads (docs/webhooks.md): the account's webhooks, each with its latest
 * delivery, and one webhook's deliveries newest first, each with every attempt's answer.
 */
import type { Knex } from 'knex';
import { whereAny } from '@trenchline/platform/sql.ts';

export interface WebhookListRow {
  id: string;
  url: string;
  description: string | null;
  topics: string[];
  active: boolean;
  secret: string;
  created_at: Date;
  updated_at: Date;
  last_delivery: { state: string; status: number | null; at: Date } | null;
}

/** The account's webhooks, newest first, with their latest delivery (one index probe each). */
export async function webhooksOf(db: Knex, accountId: string): Promise<WebhookListRow[]> {
  const { rows } = await db.raw(
    `select h.id, h.url, h.description, h.topics, h.active, h.secret, h.created_at, h.updated_at,
            case when d.id is null then null else json_build_object('state', d.state, 'status', d.last_status, 'at', coalesce(d.delivered_at, d.created_at)) end as last_delivery
       from webhooks h
       left join lateral (select * from webhook_deliveries d where d.webhook_id = h.id order by d.id desc limit 1) d on true
      where h.account_id = ? and not h.deleted
      order by h.id desc`,
    [accountId],
  );
  return rows as WebhookListRow[];
}

export interface DeliveryAttempt {
  attempt: number;
  at: Date;
  status: number | null;
  response: string | null;
  error: string | null;
  duration_ms: number;
}

/** A page of a webhook's deliveries, newest first, with each one's attempts; and how many there are. */
export async function deliveriesOf(db: Knex, accountId: string, webhookId: string, o: { page: number; pageSize: number }) {
  const where = { account_id: accountId, webhook_id: webhookId };
  const [results, [{ count }]] = await Promise.all([
    db('webhook_deliveries')
      .where(where)
      .orderBy('id', 'desc')
      .offset((o.page - 1) * o.pageSize)
      .limit(o.pageSize)
      .select('id', 'topic', 'dedupe_key', 'payload', 'state', 'attempts', 'next_attempt_at', 'last_status', 'last_response', 'last_error', 'created_at', 'delivered_at'),
    db('webhook_deliveries').where(where).count<{ count: string }[]>({ count: '*' }),
  ]);
  const ids = results.map((r) => String(r.id));
  const attempts: (DeliveryAttempt & { delivery_id: string })[] = ids.length
    ? await whereAny(db('webhook_delivery_attempts'), 'delivery_id', ids).orderBy(['delivery_id', 'attempt']).select('delivery_id', 'attempt', 'at', 'status', 'response', 'error', 'duration_ms')
    : [];
  return {
    count: Number(count),
    results: results.map((r) => ({ ...r, next_attempt_at: r.state === 'pending' ? r.next_attempt_at : null, attempt_log: attempts.filter((a) => String(a.delivery_id) === String(r.id)).map(({ delivery_id: _, ...a }) => a) })),
  };
}
