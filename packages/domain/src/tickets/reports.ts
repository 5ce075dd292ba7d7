/** The stamped ticket: one ticket as a PDF with its lines, totals, signatures and fingerprint, built by the worker. */
import { recordPdfReport } from '../shared/report-catalogue.ts';

export const stampedTicketReport = recordPdfReport('tickets.stamped', 'Stamped ticket', '/tickets/:id/pdf', { kind: 'ticket', label: 'Ticket' }, 'Ticket');
