/** What the app shell uses of routines: their routes. */
export { routineRoutes } from './routes';
