import type { RouteObject } from 'react-router-dom';
import { TicketDetailPage } from './components/detail/TicketDetailPage';

/** One ticket, by its account ticket number (/ticket/{account_ticket_number}). */
export const ticketRoutes: RouteObject[] = [{ path: '/ticket/:number', element: <TicketDetailPage /> }];
