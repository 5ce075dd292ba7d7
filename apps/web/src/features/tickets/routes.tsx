import type { RouteObject } from 'react-router-dom';
import { TicketListPage } from './components/TicketListPage';
import { TicketDetailPage } from './components/detail/TicketDetailPage';

/** The ticket list and one ticket, by its account ticket number (/ticket/{account_ticket_number}). */
export const ticketRoutes: RouteObject[] = [
  { path: '/ticket/', element: <TicketListPage /> },
  { path: '/ticket/:number', element: <TicketDetailPage /> },
];
