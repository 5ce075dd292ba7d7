/** What the app shell uses of jobs: their routes. */
export { jobRoutes } from './routes';
