import type { RouteObject } from 'react-router-dom';
import { NotificationsPage } from './components/NotificationsPage';

export const notificationRoutes: RouteObject[] = [{ path: '/notifications/', element: <NotificationsPage /> }];
