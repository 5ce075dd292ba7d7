/**
 * Customer order rules of spec 3 (sections 5 and 9; docs/orders.md): a line's total only when price
 * and qty are above 0, the order's total as the sum of its lines' in exact cents, the default quantity,
 * the package units, and what a submit needs.
 */
import { DomainError } from '../shared/decider.ts';
import type { Line } from '../shared/collections.ts';
import { lineTotal, sumOf } from '../shared/line-figures.ts';

/** Order package units (spec 3 section 9), offered on a line; any other text is kept. */
export const ORDER_UOMS = ['1lb bag', '5lb bag', 'oz', 'Bottle', 'Growler', 'Keg'] as const;
export const ORDER_STATUSES = ['Draft', 'Submitted'] as const;
export const NEW_ORDER_STATUS = 'Draft';
export const DEFAULT_ORDER_QTY = 1;

export const CUSTOMER_NAME_PLEASE = 'Customer Name please';
export const ITEMS_PLEASE = 'Items please';

/** A line's total: qty × price, only when both are above 0 (else null). */
export const orderLineTotal = (line: Line) => lineTotal(line);

/** The order's total: its lines' totals summed in exact cents. */
export const orderTotal = (items: Line[]) => sumOf(items.map((i) => ({ ...i, total_price: orderLineTotal(i) })), 'total_price');

/** What a submit needs (spec 3 section 5): a customer name, and a first line with a total. */
export function checkSubmittable(order: { customer_name?: unknown }, items: Line[]) {
  if (typeof order.customer_name !== 'string' || order.customer_name.trim() === '') throw new DomainError('invalid', CUSTOMER_NAME_PLEASE, { customer_name: CUSTOMER_NAME_PLEASE });
  if (!items.length || orderLineTotal(items[0]) === null) throw new DomainError('invalid', ITEMS_PLEASE, { items: ITEMS_PLEASE });
}

export const SUBMITTED_ORDER_STATUS = 'Submitted';

/**
 * A save (PUT, or the create) whose body asks for status Submitted submits the order, with the submit's
 * checks (issue 28: the spec's client has no submit call of its own); a submitted order stays submitted.
 * Any other status sent is ignored: only the submit changes it.
 */
export const asksToSubmit = (body: { status?: unknown } | null | undefined) => typeof body?.status === 'string' && body.status.trim() === SUBMITTED_ORDER_STATUS;

