/** What the app shell uses of tickets: the routes. */
export { ticketRoutes } from './routes';
