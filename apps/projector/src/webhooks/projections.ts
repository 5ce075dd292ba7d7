/**
 * Webhooks (docs/webhooks.md): the `webhooks` table (each account's endpoints, what they want, from
 * which event on) and, in the same batch transaction, every event an account's webhook wants offered
 * to the outbox (`offerToWebhooks`, dedupe key `event:<global position>`). The outbox is not one of
 * this projection's tables, so a replay rebuilds `webhooks` and never empties what was offered; the
 * dedupe key makes a replayed event's offer a no-op, and an event before a webhook's creation is never offered.
 */
import { applyChanges, WEBHOOK_EVENT_TYPES, type Changes, type WebhookFields } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import { offerToWebhooks } from '@trenchline/read-model';
import type { Knex } from 'knex';
import { defineProjection } from '../shared/projection.ts';
import { upsertRows } from '../shared/upsert.ts';

interface WebhookRow {
  id: string;
  account_id: string;
  version: number;
  position: string;
  deleted: boolean;
  url: string;
  description: string | null;
  topics: string[];
  active: boolean;
  secret: string;
  created_major: string;
  created_minor: string;
  created_at: string;
  updated_at: string;
}

/** A subscription as offers need it. */
type Wanting = Pick<WebhookRow, 'id' | 'topics' | 'created_major' | 'created_minor'>;

const isWebhookEvent = (e: RecordedEvent) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e.type);

/** The position's two numbers (`<major>:<minor>`, the store's order). */
const parts = (position: string) => {
  const [major, minor] = position.split(':');
  return { major: BigInt(major), minor: BigInt(minor ?? major) };
};
const atOrAfter = (e: RecordedEvent, w: Wanting) => {
  const p = parts(e.position);
  return p.major > BigInt(w.created_major) || (p.major === BigInt(w.created_major) && p.minor >= BigInt(w.created_minor));
};

/** The webhook's row after one of its events (`before`: the row as it stands, none before its creation). */
function nextRow(e: RecordedEvent, before: WebhookRow | undefined): WebhookRow | undefined {
  const { id } = parseStreamName(e.streamId);
  const at = e.meta.at;
  if (e.type === 'WebhookCreated') {
    const v = (e.data as { values: WebhookFields }).values;
    const { major, minor } = parts(e.position);
    return {
      id, account_id: e.meta.accountId, version: e.version, position: e.position, deleted: false, url: v.url, description: v.description ?? null,
      topics: v.topics ?? [], active: v.active ?? true, secret: v.secret, created_major: String(major), created_minor: String(minor), created_at: at, updated_at: at,
    };
  }
  if (!before) return undefined;
  const base = { ...before, version: e.version, position: e.position, updated_at: at };
  if (e.type === 'WebhookDeleted') return { ...base, deleted: true };
  const changed = applyChanges({ url: before.url, description: before.description, topics: before.topics, active: before.active, secret: before.secret }, (e.data as { changes: Changes }).changes);
  return { ...base, ...changed, topics: changed.topics ?? [] };
}

/**
 * The accounts that have a webhook, per physical table (a replay's differs): most events stop here.
 * Kept with the table's stamp (rows and the sum of their versions, which every webhook event moves),
 * read once a batch: a projector that was standby while another led sees the other's writes.
 */
const accountsWithWebhooks = new Map<string, { stamp: string; accounts: Set<string> }>();

async function accountsOf(trx: Knex.Transaction, table: string): Promise<Set<string>> {
  const { rows } = await trx.raw(`select count(*)::text || ':' || coalesce(sum(version), 0)::text as stamp from ??`, [table]);
  const stamp = String(rows[0].stamp);
  const cached = accountsWithWebhooks.get(table);
  if (cached?.stamp === stamp) return cached.accounts;
  const found: { account_id: string }[] = await trx(table).distinct('account_id').where({ deleted: false });
  const accounts = new Set(found.map((r) => String(r.account_id)));
  accountsWithWebhooks.set(table, { stamp, accounts });
  return accounts;
}

/** The event as outside systems receive it. */
export const webhookPayload = (e: RecordedEvent) => {
  const { aggregate, id } = parseStreamName(e.streamId);
  return { type: e.type, stream: e.streamId, aggregate, record_id: id, data: e.data, at: e.meta.at, user: { id: e.meta.userId ?? null, name: e.meta.userName ?? null }, position: e.position };
};

export const webhooksProjection = defineProjection({
  name: 'webhooks',
  tables: ['webhooks'],
  handles: (e) => Boolean(e.meta?.accountId),
  async applyBatch(events, ctx) {
    const table = ctx.table('webhooks');
    const changesWebhooks = events.some(isWebhookEvent);
    // A batch that changes webhooks looks every account up; any other asks the set once.
    const withWebhooks = changesWebhooks ? null : await accountsOf(ctx.trx, table);
    const rows = new Map<string, WebhookRow | undefined>();
    const wanting = new Map<string, Wanting[]>();
    for (const e of events) {
      const accountId = String(e.meta.accountId);
      if (isWebhookEvent(e)) {
        const { id } = parseStreamName(e.streamId);
        if (!rows.has(id)) rows.set(id, await ctx.trx(table).where({ id }).first());
        const before = rows.get(id);
        if (before && before.version >= e.version) continue;
        const after = nextRow(e, before);
        if (!after) continue;
        rows.set(id, after);
        await upsertRows(ctx.trx, table, [after as unknown as Record<string, unknown>], { onlyIfNewer: 'version' });
        wanting.delete(accountId);
        continue;
      }
      if (withWebhooks && !withWebhooks.has(accountId)) continue;
      if (!wanting.has(accountId)) wanting.set(accountId, await ctx.trx(table).where({ account_id: accountId, active: true, deleted: false }).select('id', 'topics', 'created_major', 'created_minor'));
      const ids = wanting.get(accountId)!.filter((w) => w.topics.includes(e.type) && atOrAfter(e, w)).map((w) => String(w.id));
      if (!ids.length) continue;
      await offerToWebhooks(ctx.trx, { accountId, topic: e.type, dedupeKey: `event:${String(parts(e.position).minor)}`, payload: webhookPayload(e), webhookIds: ids });
    }
  },
});

export const webhookProjections = [webhooksProjection];
