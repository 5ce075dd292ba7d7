/** The job's child collections. The jobs issue adds the others (materials, crews, payouts ...). */
import { z } from 'zod';
import { defineCollection } from '../shared/collections.ts';
import { decimal, flag, text } from '../shared/fields.ts';
import { lineTotal } from './rules.ts';

export const jobItems = defineCollection({
  name: 'job_items',
  entity: 'JobItem',
  aggregate: 'job',
  parentField: 'job',
  noun: 'Item',
  schema: z.object({
    item: text(500),
    item_code: text(100),
    col1: text(500),
    col2: text(100),
    col3: text(100),
    col4: text(100),
    col5: text(100),
    col6: text(100),
    job_percent: decimal(),
    description: text(2000),
    uom: text(50),
    provisions: text(2000),
    qty: decimal(),
    price: decimal(),
    line_number: decimal(),
    modified_from_bid_sheet: flag(),
  }),
  defaults: { modified_from_bid_sheet: false },
  computed: (line) => ({ total_price: lineTotal(line) }),
  routes: { list: '/jobs/:parentId/items/', item: '/jobs/items/:id' },
  fields: [
    { name: 'item', label: 'Item', kind: 'text', width: 180 },
    { name: 'col1', label: 'Job # / description', kind: 'text' },
    { name: 'job_percent', label: 'Job %', kind: 'percent' },
    { name: 'col4', label: 'FRC', kind: 'text' },
    { name: 'col6', label: 'VD', kind: 'text' },
    { name: 'uom', label: 'UOM', kind: 'text' },
    { name: 'qty', label: 'Qty', kind: 'number' },
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'total_price', label: 'Total', kind: 'money', readOnly: true },
  ],
});
