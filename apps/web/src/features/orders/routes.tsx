import type { RouteObject } from 'react-router-dom';
import { OrderListPage } from './components/OrderListPage';
import { OrderDetailPage } from './components/detail/OrderDetailPage';

/** The customer order list and one order (/order/{id}); the spec shows no route, these follow the others' style. */
export const orderRoutes: RouteObject[] = [
  { path: '/order/', element: <OrderListPage /> },
  { path: '/order/:id', element: <OrderDetailPage /> },
];
