import type { RouteObject } from 'react-router-dom';
import { RfqListPage } from './components/RfqListPage';
import { RfqDetailPage } from './components/detail/RfqDetailPage';

/** The RFQ list and one RFQ by its number (/rfq/{account_rfq_number}; an id works too). */
export const rfqRoutes: RouteObject[] = [
  { path: '/rfq/', element: <RfqListPage /> },
  { path: '/rfq/:key', element: <RfqDetailPage /> },
];
