/**
 * The webhook outbox (docs/webhooks.md): whoever has something for outside systems offers it here, in
 * its own transaction when it has one, and the worker's dispatcher delivers it signed, retried and
 * logged. One row per (webhook, dedupe key): offering the same thing again sends nothing more.
 */
import type { Knex } from 'knex';

export interface WebhookOffer {
  accountId: string;
  /** A domain event type (`LocateReUpped`), `notification.<kind>`, `report_schedule.delivered` or `ping`. */
  topic: string;
  /** What makes the offer one thing (`event:<global position>`): a second offer with it is ignored. */
  dedupeKey: string;
  payload: Record<string, unknown>;
  /** Exactly these webhooks of the account (active ones), whatever topics they want; else every active one wanting `topic`. */
  webhookIds?: string[];
}

/** Inserts a pending delivery per webhook the offer goes to; answers how many were new. */
export async function offerToWebhooks(db: Knex, o: WebhookOffer): Promise<number> {
  const chosen = o.webhookIds ? 'id = any(?::bigint[])' : '? = any(topics)';
  const result = await db.raw(
    `insert into webhook_deliveries (account_id, webhook_id, topic, dedupe_key, payload)
     select account_id, id, ?, ?, ?::jsonb from webhooks
      where account_id = ? and active and not deleted and ${chosen}
     on conflict (webhook_id, dedupe_key) do nothing`,
    [o.topic, o.dedupeKey, JSON.stringify(o.payload), o.accountId, o.webhookIds ?? o.topic],
  );
  return result.rowCount ?? 0;
}

/** The topics the account's active webhooks want: an offer of any other goes nowhere, so a caller with many may skip it. */
export async function wantedTopics(db: Knex, accountId: string): Promise<Set<string>> {
  const rows = await db.raw('select distinct unnest(topics) as topic from webhooks where account_id = ? and active and not deleted', [accountId]);
  return new Set((rows.rows as { topic: string }[]).map((r) => r.topic));
}
