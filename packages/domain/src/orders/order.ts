/** The customer order aggregate: a customer's order of the account's products, numbered by the order counter, submitted once complete. */
import { applyChanges } from '../shared/changes.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { type Decider } from '../shared/decider.ts';
import { filledValues, recordDecider, recordNames, type RecordState, requireRecord } from '../shared/record-decider.ts';
import { type OrderCommand, type OrderFields, orderFields } from './commands.ts';
import type { OrderEvent, OrderSubmitted } from './events.ts';
import { orderCollections, orderItems } from './collections.ts';
import { checkSubmittable, NEW_ORDER_STATUS, SUBMITTED_ORDER_STATUS } from './rules.ts';

export type OrderState = RecordState<OrderFields>;

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = recordDecider<OrderState, OrderCommand, OrderEvent>({
  aggregate: 'order',
  label: 'Order',
  collections: orderCollections,
  ...recordNames('Order'),
  created: (values, command) => {
    const c = command as { orderNumber?: string; today?: string };
    const given = filledValues(values);
    // A new order is a Draft: only the submit (its own command, after the create when the body asks) submits it.
    return { ...orderFields.parse({ archived: false, order_date: c.today, ...given, status: NEW_ORDER_STATUS }), order_number: c.orderNumber ?? null };
  },
  // Only the editable fields: a submit is its own command (it checks the order), the number is the counter's.
  revised: (values) => Object.fromEntries(Object.entries(values).filter(([k]) => k in orderFields.shape && k !== 'status')),

  decide(command, state, meta) {
    if (command.type !== 'SubmitOrder') throw new Error(`unhandled case: ${command.type}`);
    requireRecord(state, 'Order');
    if (command.bySave && state.fields.status === SUBMITTED_ORDER_STATUS) return [];
    checkSubmittable(state.fields, linesOfCollection(state.lines, orderItems));
    const changes = {
      status: { old: state.fields.status ?? null, new: SUBMITTED_ORDER_STATUS },
      submitted_at: { old: state.fields.submitted_at ?? null, new: meta.at },
      submitted_by: { old: state.fields.submitted_by ?? null, new: meta.userName },
    };
    return [{ type: 'OrderSubmitted', data: { changes } }];
  },
  evolve(touched, event) {
    if (event.type !== 'OrderSubmitted') return undefined;
    return { ...touched, fields: applyChanges(touched.fields, (event as OrderSubmitted).data.changes) };
  },
});
