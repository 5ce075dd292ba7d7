/** What the app shell uses of customer orders: the routes. */
export { orderRoutes } from './routes';
