import type { RouteObject } from 'react-router-dom';
import { TicketListPage } from './components/TicketListPage';

/** The ticket list (one ticket, /ticket/{account_ticket_number}, is the detail's route). */
export const ticketRoutes: RouteObject[] = [{ path: '/ticket/', element: <TicketListPage /> }];
