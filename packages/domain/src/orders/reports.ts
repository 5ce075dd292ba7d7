/** The printable order: one order as a PDF, built by the worker. */
import { z } from 'zod';
import { datedFileName, defineReport } from '../shared/report-catalogue.ts';

export const orderPdfReport = defineReport({
  name: 'orders.order',
  label: 'Order',
  path: '/crs/orders/:id/pdf',
  formats: ['pdf'],
  params: z.object({ id: z.string({ message: 'is required' }).regex(/^\d{1,18}$/, 'must be a record id') }),
  record: { param: 'id', kind: 'order', label: 'Order' },
  fileName: (today, format) => datedFileName('Order', today, format),
});
