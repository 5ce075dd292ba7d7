/** What the app shell and other screens use of tickets: the routes and the job screens' tickets. */
export { ticketRoutes } from './routes';
export { JobTicketsSection, type TicketsOf } from './components/onJobs/JobTicketsSection';
