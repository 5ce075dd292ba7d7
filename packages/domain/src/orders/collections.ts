/** The order's items (spec 3 sections 3 and 7): products of Settings by pick or barcode. */
import { z } from 'zod';
import { defineCollection } from '../shared/collections.ts';
import { quantity, ref, text, unitPrice } from '../shared/fields.ts';
import { DEFAULT_ORDER_QTY, ORDER_UOMS, orderLineTotal } from './rules.ts';

export const orderItems = defineCollection({
  name: 'order_items',
  entity: 'OrderItem',
  aggregate: 'order',
  parentField: 'order',
  noun: 'Item',
  schema: z.object({
    code: text(100),
    item_name: text(300),
    qty: quantity(),
    uom: text(50),
    price: unitPrice(),
    barcode_1: text(100),
    product_ref: ref({ record: 'product' }),
  }),
  defaults: { qty: DEFAULT_ORDER_QTY },
  computed: (line) => ({ total_price: orderLineTotal(line) }),
  routes: { list: '/crs/orders/:parentId/items/', item: '/crs/items/:id' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', width: 100 },
    { name: 'item_name', label: 'Item', kind: 'text', width: 240 },
    { name: 'qty', label: 'Qty', kind: 'number' },
    { name: 'uom', label: 'UOM', kind: 'text', choices: ORDER_UOMS, width: 90 },
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'total_price', label: 'Total', kind: 'money', readOnly: true },
    { name: 'barcode_1', label: 'Barcode', kind: 'text', width: 140 },
  ],
});

export const orderCollections = [orderItems];
