/** What the app shell uses of jobs: their routes. */
export { jobRoutes } from './routes';
/** The account's active users (the audit trail's user filter). */
export { accountUsersQuery, type AccountUser } from './api/assignUsers';
/** What the field sync keeps of a job (app/fieldSync.ts). */
export { keepJob } from './fieldSync';
