/** What the app shell uses of the audit trail: its route. */
export { auditRoutes } from './routes';
