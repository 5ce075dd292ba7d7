/** Customer order commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, date, flag, ref, text } from '../shared/fields.ts';
import { ORDER_STATUSES } from './rules.ts';

const email = z.union([z.literal(''), z.null(), z.email({ message: 'must be an e-mail address' }).max(200)]).optional();

/** Every editable field of an order: its customer (a customer of Settings fills the billing fields) and billing details. */
export const orderFields = z.object({
  customer_name: text(200),
  customer_ref: ref({ record: 'customer' }),
  billing_address: text(300),
  billing_city: text(100),
  billing_state: text(50),
  billing_zip: text(20),
  billing_email: email,
  billing_phone: text(50),
  order_date: date(),
  notes: text(5000),
  status: choice(ORDER_STATUSES),
  archived: flag(),
});
export type OrderFields = z.infer<typeof orderFields> & { order_number?: string | null; submitted_at?: string | null; submitted_by?: string | null };
export const ORDER_FIELD_NAMES = [...Object.keys(orderFields.shape), 'order_number', 'submitted_at', 'submitted_by'] as (keyof OrderFields)[];

export type OrderCommand =
  /** `orderNumber`: the order counter's next number, taken by the API. */
  | { type: 'CreateOrder'; orderId: string; values: z.infer<typeof orderFields>; orderNumber: string; today: string }
  | { type: 'ReviseOrder'; values: z.infer<typeof orderFields> }
  | { type: 'DeleteOrder' }
  /** The submit call; `bySave`: a save asked for status Submitted, so an order submitted already is left as it is. */
  | { type: 'SubmitOrder'; bySave?: boolean }
  | LineCommand;
