/** Settings > Webhooks (docs/webhooks.md): the account's webhooks, their topics and deliveries; admins only. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { webhookView } from '@trenchline/domain';
import { http } from '../../../lib/http';
import { settingsKey, type WriteAnswer } from './types';

/** A webhook as listed: the record as the domain shows it, with its latest delivery. */
export type Webhook = Pick<ReturnType<typeof webhookView>, 'id' | 'url' | 'description' | 'topics' | 'active' | 'secret'> & {
  last_delivery?: { state: DeliveryState; status: number | null; at: string } | null;
};

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  status: number | null;
  response: string | null;
  error: string | null;
  duration_ms: number;
}

export interface Delivery {
  id: string;
  topic: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_response: string | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  attempt_log: DeliveryAttempt[];
}

export interface WebhookValues {
  url: string;
  description: string;
  topics: string[];
  active: boolean;
}

export const webhooksKey = [...settingsKey, 'webhooks'] as const;
const one = (id: string) => `/api/webhooks/${encodeURIComponent(id)}/`;

/** The account's webhooks; refreshed while a latest delivery is still pending, so its answer shows. */
export const useWebhooks = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: webhooksKey,
      queryFn: ({ signal }) => http.list<Webhook[]>('/api/webhooks/', { signal }),
      enabled,
      refetchInterval: (q) => (q.state.data?.some((h) => h.last_delivery?.state === 'pending') ? 3000 : false),
    }),
  );

export const useWebhookTopics = (enabled: boolean) =>
  useQuery({ queryKey: [...webhooksKey, 'topics'], queryFn: ({ signal }) => http.get<{ groups: { group: string; topics: string[] }[] }>('/api/webhooks/topics/', { signal }), staleTime: Infinity, enabled });

export const DELIVERIES_PAGE_SIZE = 20;

/** One page of a webhook's deliveries, newest first; refreshed while any is still pending. */
export const useDeliveries = (id: string, page: number) =>
  useQuery({
    queryKey: [...webhooksKey, id, 'deliveries', page],
    queryFn: ({ signal }) => http.get<{ results: Delivery[]; count: number }>(`${one(id)}deliveries/?page=${page}&page_size=${DELIVERIES_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.results.some((d) => d.state === 'pending') ? 3000 : false),
  });

/** Every write here answers the webhook and refreshes the list (and the deliveries). */
function useWebhookWrite<I>(write: (input: I) => Promise<WriteAnswer<Webhook> | unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => qc.invalidateQueries({ queryKey: webhooksKey }) });
}

export const useSaveWebhook = () =>
  useWebhookWrite(({ id, values }: { id: string | null; values: WebhookValues }) =>
    id ? http.put<WriteAnswer<Webhook>>(one(id), values) : http.post<WriteAnswer<Webhook>>('/api/webhooks/', values),
  );
export const useDeleteWebhook = () => useWebhookWrite((id: string) => http.del(one(id)));
export const useRotateSecret = () => useWebhookWrite((id: string) => http.post<WriteAnswer<Webhook>>(`${one(id)}rotate_secret/`));
export const usePingWebhook = () => useWebhookWrite((id: string) => http.post<{ queued: number }>(`${one(id)}ping/`, {}, { list: true }));
