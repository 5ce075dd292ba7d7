import type { RouteObject } from 'react-router-dom';
import { ListAsOf } from '../../components/table/listAsOf';
import { TicketListPage } from './components/TicketListPage';
import { TicketDetailPage } from './components/detail/TicketDetailPage';

/** The ticket list (shown as it stood with ?as_of=) and one ticket, by its account ticket number (/ticket/{account_ticket_number}). */
export const ticketRoutes: RouteObject[] = [
  { path: '/ticket/', element: <ListAsOf><TicketListPage /></ListAsOf> },
  { path: '/ticket/:number', element: <TicketDetailPage /> },
];
