/** What the app shell uses of bids: their routes. */
export { bidRoutes } from './routes';
