/** What the app shell uses of the sales tracker: the routes. */
export { salesRoutes } from './routes';
