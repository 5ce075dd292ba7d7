import type { RouteObject } from 'react-router-dom';
import { BidDetailPage } from './components/BidDetailPage';
import { BidListPage } from './components/BidListPage';

export const bidRoutes: RouteObject[] = [
  { path: '/bid/', element: <BidListPage /> },
  { path: '/bid/:id', element: <BidDetailPage /> },
];
