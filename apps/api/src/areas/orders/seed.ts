/**
 * Demo customer orders for `npm start` (apps/api/src/seed.ts runs this after the settings): a few more
 * products with barcodes beside the settings' sealant, and five orders for customers of Settings
 * numbered by the order counter: two submitted, one draft with no items yet, and drafts whose lines
 * come from products (one typed by hand, with no price, so no line total). Written through the same
 * functions and commands as the routes (createRecord with orderRecord, addOrderItem, SubmitOrder).
 */
import { addDays } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand } from '../../platform/records.ts';
import { newRecordId } from '../../platform/ids.ts';
import { addOrderItem, orderRecord } from './orders.ts';
import { createRecord } from '../../platform/record-routes.ts';

const demoProducts = [
  { code: 'PAINT-OR', item_name: 'Marking paint, orange', uom: 'btl', price: 7.25, barcode_1: '0712345000028' },
  { code: 'LUBE-K', item_name: 'Cable pulling lubricant', uom: 'keg', price: 145, barcode_1: '0712345000035' },
  { code: 'FLAG-GR', item_name: 'Marker flags, orange', uom: 'gr', price: 32, barcode_1: '0712345000042' },
  { code: 'LOC-HR', item_name: 'Private locate service', uom: 'hr', price: 95, barcode_1: '0712345000059' },
];

interface DemoOrder {
  customer: string;
  /** Days from today. */
  ordered: number;
  /** Lines by product code (qty), or typed by hand. */
  lines: ({ code: string; qty?: number; uom?: string } | { item_name: string; qty?: number })[];
  submit?: boolean;
  notes?: string;
}

const demoOrders: DemoOrder[] = [
  { customer: 'AT&T', ordered: -12, lines: [{ code: 'SEAL-1', qty: 24, uom: 'Bottle' }, { code: 'LUBE-K', qty: 2, uom: 'Keg' }], submit: true, notes: 'Deliver to the Dallas yard.' },
  { customer: 'Fiberlight', ordered: -5, lines: [{ code: 'FLAG-GR', qty: 3 }, { code: 'PAINT-OR', qty: 48, uom: 'Bottle' }], submit: true },
  { customer: 'City of Columbus', ordered: -1, lines: [], notes: 'Waiting on the purchase order before adding items.' },
  { customer: 'Lumen', ordered: 0, lines: [{ code: 'LOC-HR', qty: 6 }, { code: 'PAINT-OR', qty: 12, uom: 'Bottle' }, { item_name: 'Delivery to Monroe (quote pending)' }] },
  { customer: 'AT&T', ordered: 0, lines: [{ code: 'SEAL-1' }] },
];

/** `customers` and `products`: the ids of the customers and products of Settings, by name and by code. */
export async function seedOrders(ctx: ApiContext, actor: Actor, today: string, settings: { customers: Record<string, string>; products: Record<string, string> }) {
  const products = { ...settings.products };
  for (const values of demoProducts) {
    const id = await newRecordId(ctx, actor.accountId, 'product');
    await executeCommand(ctx, actor, 'product', id, { type: 'AddCatalogRecord', id, values }, { create: true });
    products[values.code] = id;
  }
  for (const demo of demoOrders) {
    const order = await createRecord(ctx, actor, orderRecord, { customer_ref: settings.customers[demo.customer], order_date: addDays(today, demo.ordered), ...(demo.notes ? { notes: demo.notes } : {}) });
    for (const line of demo.lines) {
      const values = 'code' in line ? { product_ref: products[line.code], ...(line.qty ? { qty: line.qty } : {}), ...(line.uom ? { uom: line.uom } : {}) } : line;
      await addOrderItem(ctx, actor, order.id, values);
    }
    if (demo.submit) await executeCommand(ctx, actor, 'order', order.id, { type: 'SubmitOrder' });
  }
}
