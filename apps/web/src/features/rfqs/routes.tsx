import type { RouteObject } from 'react-router-dom';
import { ListAsOf } from '../../components/table/listAsOf';
import { RfqListPage } from './components/RfqListPage';
import { RfqDetailPage } from './components/detail/RfqDetailPage';

/** The RFQ list (shown as it stood with ?as_of=) and one RFQ by its number (/rfq/{account_rfq_number}; an id works too). */
export const rfqRoutes: RouteObject[] = [
  { path: '/rfq/', element: <ListAsOf><RfqListPage /></ListAsOf> },
  { path: '/rfq/:key', element: <RfqDetailPage /> },
];
