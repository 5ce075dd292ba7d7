/** The printable order: one order as a PDF, built by the worker. */
import { recordPdfReport } from '../shared/report-catalogue.ts';

export const orderPdfReport = recordPdfReport('orders.order', 'Order', '/crs/orders/:id/pdf', { kind: 'order', label: 'Order' });
