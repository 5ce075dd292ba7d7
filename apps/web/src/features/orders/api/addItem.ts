import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderItems } from '@trenchline/domain';
import { addLine } from '../../../components/lines/api/addLine';
import { orderKey } from './types';

/** What adds an item: a product of Settings picked, or a barcode typed or scanned (the server finds its product). */
export type NewItem = { product_ref: string } | { barcode_1: string };

/** POST /api/crs/orders/{id}/items/: the product fills code, item name, uom, price and barcode; qty 1. An unknown barcode is a 400. */
export const addItem = (orderId: string, item: NewItem) => addLine(orderItems, orderId, item);

export function useAddItem(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (item: NewItem) => addItem(orderId, item),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKey(orderId) }),
  });
}
