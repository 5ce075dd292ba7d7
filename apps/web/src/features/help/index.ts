/** What the app shell uses of help: the routes, and the navigation's count of tickets awaiting the user. */
export { helpRoutes } from './routes';
export { AwaitingBadge } from './components/AwaitingBadge';
