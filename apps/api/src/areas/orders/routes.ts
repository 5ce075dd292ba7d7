/**
 * Customer order calls of spec 3 section 7 (docs/orders.md; the screen is /order/ and /order/{id}).
 * The order, its creation (orderRecord: the order counter's number, the customer's billing fields),
 * history, as-of, delete and its items' routes come from recordRoutes; declared here, replacing those
 * of the same method and path: the list with its saved dates, edits, the submit, and items filled from
 * products by pick or barcode. The printable order is declared in the domain's report catalogue.
 */
import { collection, orderFields } from '@trenchline/domain';
import { defineRoutes, withOverrides, type RouteDef } from '../../platform/routes.ts';
import { detailReply, recordRoutes } from '../../platform/record-routes.ts';
import { listRoute } from '../../platform/lists.ts';
import { listRange } from '../../platform/list-range.ts';
import { executeCommand, lineReply, type Executed } from '../../platform/records.ts';
import type { ApiContext } from '../../platform/context.ts';
import { addOrderItem, orderRecord, saveOrder, withProduct } from './orders.ts';

const range = listRange({ preference: 'orders.search_dates' });

const generic = recordRoutes(orderRecord);
const genericRoute = (method: RouteDef['method'], path: string) => generic.find((g) => g.method === method && g.path === path)!;

/** A write's answer: the order with its items, as GET answers it. */
const answer = (ctx: ApiContext, r: Executed) => detailReply(ctx, 'order', r);

const own: RouteDef[] = [
  listRoute({ path: '/crs/orders', list: 'orders', summary: 'Order list (?active=t|f&archived=t|f; ?start_date&end_date&live_and_future on the order date, else the saved search dates; ?status; ?q=), newest first' }),
  ...range.searchDatesRoutes('/crs/orders/search_dates', 'order-list'),
  {
    method: 'put',
    path: '/crs/orders/:id',
    summary: "Edit an order (the whole order may come back; computed fields and the number are ignored), merged by field from the version last seen; a new customer_ref fills the billing fields not sent. status 'Submitted' submits a Draft in the same write, with the submit's checks (400 'Customer Name please', 'Items please'); other statuses are ignored",
    body: orderFields,
    handle: async ({ actor, params, body, baseVersion }, ctx) => answer(ctx, await saveOrder(ctx, actor, params.id, body as Record<string, unknown>, baseVersion)),
  },
  {
    method: 'post',
    path: '/crs/orders/:id/submit',
    summary: "Submit the order: 400 'Customer Name please' (customer_name) without a customer, 'Items please' (items) when the first line has no total; answers the order, Submitted, with who and when",
    handle: async ({ actor, params }, ctx) => answer(ctx, await executeCommand(ctx, actor, 'order', params.id, { type: 'SubmitOrder' })),
  },
  {
    method: 'post',
    path: '/crs/orders/:id/items',
    references: collection('order_items').schema,
    summary: 'Add an item: a product of Settings (product_ref), or {barcode_1} alone as typed or scanned (a barcode no product has is a 400 naming barcode_1), or typed by hand; the product fills code, item name, uom, price and barcode not sent; qty 1 unless sent',
    handle: async ({ actor, params, body }, ctx) => {
      const r = await addOrderItem(ctx, actor, params.id, (body ?? {}) as Record<string, unknown>);
      return lineReply(r.state, 'order_items', r.lineId, r, 201);
    },
  },
  {
    method: 'put',
    path: '/crs/items/:id',
    references: collection('order_items').schema,
    summary: 'Edit an item (the line may come back whole); a new product_ref fills the fields not sent',
    handle: async (req, ctx) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      return genericRoute('put', '/crs/items/:id').handle({ ...req, body: await withProduct(ctx, req.actor, body, { byBarcode: false }) }, ctx);
    },
  },
];

export const orderRoutes = defineRoutes('orders', withOverrides(own, generic));
