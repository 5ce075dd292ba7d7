import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { subscriptionKey } from './subscriptionCatalog';

export interface ChangeSubscriptionInput {
  itemId: string;
  /** 0 unsubscribes; account-wide items take 0 or 1. */
  quantity: number;
}

export const changeSubscription = ({ itemId, quantity }: ChangeSubscriptionInput) =>
  http.put<unknown>(`/api/settings/catalog/${encodeURIComponent(itemId)}/`, { quantity });

export function useChangeSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: () => qc.invalidateQueries({ queryKey: subscriptionKey }),
  });
}
