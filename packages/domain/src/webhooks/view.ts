/** The webhook as its admins see it: the secret included (every webhook route is admin only). */
import type { WebhookState } from './webhook.ts';

export function webhookView(state: WebhookState) {
  const f = state.fields;
  return {
    id: state.id!,
    url: f.url,
    description: f.description ?? null,
    topics: f.topics ?? [],
    active: f.active ?? true,
    secret: f.secret,
    created_at: state.created_at,
    last_updated: state.last_updated,
    last_updated_by: state.last_updated_by ?? null,
  };
}
