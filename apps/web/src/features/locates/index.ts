/** What the app shell and other screens use of locates: their routes and the navigation's count of expiring locates. */
export { locateRoutes } from './routes';
export { ExpiringBadge } from './components/ExpiringBadge';
