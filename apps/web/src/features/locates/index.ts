/** What the app shell and other screens use of locates: the routes, and the job screens' locates and warnings. */
export { locateRoutes } from './routes';
export { JobLocatesSection, type LocatesOf } from './components/onJobs/JobLocatesSection';
export { LocateWarningBanner, LocateWarningIcon } from './components/onJobs/LocateWarning';
