/** The stamped ticket: one ticket as a PDF with its lines, totals, signatures and fingerprint, built by the worker. */
import { z } from 'zod';
import { datedFileName, defineReport } from '../shared/report-catalogue.ts';

export const stampedTicketReport = defineReport({
  name: 'tickets.stamped',
  label: 'Stamped ticket',
  path: '/tickets/:id/pdf',
  formats: ['pdf'],
  params: z.object({ id: z.string({ message: 'is required' }).regex(/^\d{1,18}$/, 'must be a record id') }),
  record: { param: 'id', kind: 'ticket', label: 'Ticket' },
  fileName: (today, format) => datedFileName('Ticket', today, format),
});
