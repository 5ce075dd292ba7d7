/** What the app shell and other screens use of locates: the routes, the navigation's count of expiring locates, and the job screens' locates and warnings. */
export { locateRoutes } from './routes';
export { ExpiringBadge } from './components/ExpiringBadge';
export { JobLocatesSection, type LocatesOf } from './components/onJobs/JobLocatesSection';
export { LocateWarningBanner, LocateWarningIcon } from './components/onJobs/LocateWarning';
/** What the field sync keeps of locates (app/fieldSync.ts). */
export { keepJobLocates } from './fieldSync';
