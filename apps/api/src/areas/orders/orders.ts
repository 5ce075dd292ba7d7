/**
 * What the order calls do beyond the generic record routes (docs/orders.md): a new order's checks and
 * the billing fields filled from a customer of Settings, and an item filled from a
 * product of Settings picked or found by its barcode.
 */
import { asksToSubmit, checkSubmittable, linesOf, orderFields, parseLineValues, collection, type CatalogState, type OrderState } from '@trenchline/domain';
import type { Command, Edit } from '@trenchline/platform';
import { waitForLists } from '@trenchline/platform';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { newLineIds } from '../../platform/ids.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { RECORD_FIELDS, type RecordRoutesOptions } from '../../platform/record-routes.ts';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';
/** The values of `from` for the fields the body leaves empty (not sent, null or ''): a value sent stands. */
const filled = (from: Record<string, unknown>, body: Record<string, unknown>) => Object.fromEntries(Object.entries(from).filter(([k, v]) => given(v) && !given(body[k])));

/** The billing fields of a customer of Settings (by `customer_ref`), for those the body does not send. */
export async function withCustomer(ctx: ApiContext, actor: Actor, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!given(body.customer_ref)) return body;
  const c = (await loadRecord<CatalogState>(ctx, actor, 'customer', String(body.customer_ref))).state.fields as Record<string, unknown>;
  const from: Record<string, unknown> = { customer_name: c.name, billing_address: c.address, billing_city: c.city, billing_state: c.state, billing_zip: c.zip, billing_email: c.email, billing_phone: c.phone };
  return { ...body, ...filled(from, body) };
}

/**
 * The order as a record: a new one is Draft, dated today, numbered by the order counter (the order
 * aggregate's `number`: spent only on a valid request), its billing fields filled from a customer of
 * Settings. A body with status Submitted asks for the submit too: a new order has no items yet, so its
 * checks refuse it ('Customer Name please', 'Items please') before a number is spent, and nothing is written.
 */
export const orderRecord: RecordRoutesOptions = {
  aggregate: 'order',
  base: '/crs/orders/:id',
  fields: orderFields,
  create: {
    path: '/crs/orders',
    summary: "Create an order {customer_name?, customer_ref?, billing_*?, notes?}: Draft, dated today, numbered by the order counter; a customer of Settings (customer_ref) fills the billing fields not sent. status 'Submitted' runs the submit's checks, which a new order (no items yet) fails: 400, nothing written",
    command: (orderId, values, { today }) => ({ type: 'CreateOrder', orderId, values, today }),
    prepare: async (ctx, actor, body) => {
      const values = orderFields.parse(await withCustomer(ctx, actor, body));
      if (asksToSubmit(body)) checkSubmittable(values, []);
      return values;
    },
    withLines: true,
  },
};

/**
 * An edit of the order's fields, merged by field; a new customer_ref fills the billing fields not sent.
 * Status Submitted in the body submits a Draft in the same write, after the edit (so a customer name
 * sent with it counts), with the submit's checks: a refusal writes nothing. Other statuses are ignored.
 */
export async function saveOrder(ctx: ApiContext, actor: Actor, id: string, body: Record<string, unknown>, baseVersion?: number) {
  const current = await loadRecord<OrderState>(ctx, actor, 'order', id);
  const fresh = given(body.customer_ref) && String(body.customer_ref) !== String(current.state.fields.customer_ref ?? '');
  const values = fresh ? await withCustomer(ctx, actor, body) : body;
  const edit: Edit = { part: RECORD_FIELDS, values, base: baseVersion, command: (v) => ({ type: 'ReviseOrder', values: v }) };
  const parts: (Command | Edit)[] = asksToSubmit(body) ? [edit, { type: 'SubmitOrder', bySave: true }] : [edit];
  return executeCommand<OrderState>(ctx, actor, 'order', id, parts);
}

/** The account's active product with this barcode (its id), waiting for the read model on a miss. */
async function productWithBarcode(ctx: ApiContext, actor: Actor, barcode: string): Promise<string | null> {
  const find = async () =>
    (await ctx.db('our_products').where({ account_id: actor.accountId, deleted: false }).whereRaw("trim(view->>'barcode_1') = ?", [barcode.trim()]).orderBy('id').first('id'))?.id as string | undefined;
  let id = await find();
  if (!id) {
    const last = await ctx.store.lastPosition();
    if (last && (await waitForLists(ctx, ['our_products'], last))) id = await find();
  }
  return id ? String(id) : null;
}

/**
 * An item's values with its product's (code, item name, uom, price, barcode) for those not sent: the
 * product picked (`product_ref`), or the one whose barcode was typed or scanned (`barcode_1` alone).
 */
export async function withProduct(ctx: ApiContext, actor: Actor, body: Record<string, unknown>, o: { byBarcode: boolean }): Promise<Record<string, unknown>> {
  // The line's own 400s (a product_ref that is no id, a qty below 0) come before any look-up.
  parseLineValues(collection('order_items'), body, true);
  let ref = given(body.product_ref) ? String(body.product_ref) : null;
  if (!ref && o.byBarcode && given(body.barcode_1)) {
    ref = await productWithBarcode(ctx, actor, String(body.barcode_1));
    if (!ref) throw badRequest({ barcode_1: `no product has barcode ${String(body.barcode_1).trim()}` }, `No product has barcode ${String(body.barcode_1).trim()}`);
  }
  if (!ref) return body;
  const p = (await loadRecord<CatalogState>(ctx, actor, 'product', ref)).state.fields as Record<string, unknown>;
  const from: Record<string, unknown> = { code: p.code, item_name: p.item_name, uom: p.uom, price: p.price, barcode_1: p.barcode_1, product_ref: ref };
  return { ...body, ...filled(from, body), product_ref: ref };
}

/** A new item of an order: a product picked, a barcode scanned, or typed by hand; qty 1 unless sent. */
export async function addOrderItem(ctx: ApiContext, actor: Actor, orderId: string, body: Record<string, unknown>) {
  await loadRecord(ctx, actor, 'order', orderId);
  const values = parseLineValues(collection('order_items'), await withProduct(ctx, actor, body, { byBarcode: !given(body.item_name) && !given(body.code) }), true);
  const [lineId] = await newLineIds(ctx, actor.accountId, 'order_items', 'order', orderId);
  const r = await executeCommand<OrderState>(ctx, actor, 'order', orderId, { type: 'AddLine', collection: 'order_items', lineId, values });
  return { ...r, lineId };
}

export const itemsOf = (state: OrderState) => linesOf(state.lines, 'order_items');
