/** What the app shell and Settings use of notifications: the routes, the bell, and Settings > Notifications. */
export { notificationRoutes } from './routes';
export { NotificationBell } from './components/NotificationBell';
export { NotificationRulesSection } from './components/NotificationRulesSection';
