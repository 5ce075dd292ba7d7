/**
 * The order page's pure logic: the shared record-form logic over the fields the page edits (the
 * status and the number are the server's), what a save sends, the submit's own check before it is
 * asked (spec 3 section 5, the domain's rule: the server checks the same), the customers and products
 * offered, and the order total as shown. Tested in formLogic.test.ts.
 */
import { checkSubmittable, DomainError, orderTotal, type Line } from '@trenchline/domain';
import { defineFormLogic, recordPayload, BILLING_FIELDS } from '../../../../components/record/formLogic';
import type { OrderValues } from '../../api/types';

/** The fields the page edits. */
export const ORDER_FORM_FIELDS = [
  'customer_name',
  'customer_ref',
  ...BILLING_FIELDS,
  'order_date',
  'notes',
  'archived',
] as const;

export type OrderFormValues = Pick<OrderValues, (typeof ORDER_FORM_FIELDS)[number]>;

export const orderFormLogic = defineFormLogic<OrderFormValues>(ORDER_FORM_FIELDS);

/** What a save sends: the form's fields, blank text as null, archived a flag. */
export const toPayload = (draft: OrderFormValues): OrderFormValues => recordPayload(draft);

/** Why the order cannot be submitted yet ('Customer Name please', 'Items please'), or null: the domain's check on the name as typed and the saved items. */
export function submitProblem(customerName: unknown, items: Line[]): string | null {
  try {
    checkSubmittable({ customer_name: customerName }, items);
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e.message;
    throw e;
  }
}

export interface Choice {
  value: string;
  label: string;
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** The customers offered: the active ones by name with their city, and the one the order names even if inactive. */
export function customerChoices(rows: readonly Line[] | undefined, currentRef: unknown): Choice[] {
  const current = s(currentRef);
  return (rows ?? [])
    .filter((c) => c.active !== false || String(c.id) === current)
    .map((c) => ({ value: String(c.id), label: [s(c.name) || `Customer #${c.id}`, s(c.city)].filter(Boolean).join(', ') }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The products offered: the active ones as 'code · item name · uom · price', by item name. */
export function productChoices(rows: readonly Line[] | undefined, money: (v: unknown) => string): Choice[] {
  return (rows ?? [])
    .filter((p) => p.active !== false)
    .map((p) => ({ value: String(p.id), label: [s(p.code), s(p.item_name) || `Product #${p.id}`, s(p.uom), money(p.price)].filter(Boolean).join(' · ') }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
}

/** A barcode as typed or scanned (a scanner sends the digits then Enter): trimmed, null when blank. */
export const barcodeOf = (typed: string) => typed.trim() || null;

/**
 * The order total as shown: always the server's `total_price`; the items with unsaved edits summed by
 * the same domain rule (orderTotal) only to say what the total will be once they are saved.
 */
export function totalsShown(serverTotal: unknown, current: Line[]): { saved: number; unsaved: number | null } {
  const saved = Number(serverTotal ?? 0) || 0;
  const pending = orderTotal(current);
  return { saved, unsaved: Math.abs(pending - saved) < 0.005 ? null : pending };
}
