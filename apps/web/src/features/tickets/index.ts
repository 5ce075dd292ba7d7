/** What the app shell and other screens use of tickets: the routes and the job screens' tickets. */
export { ticketRoutes } from './routes';
export { JobTicketsSection, type TicketsOf } from './components/onJobs/JobTicketsSection';
/** The user's jobs and what the field sync keeps of tickets (app/fieldSync.ts). */
export { fieldJobs, keepJobTickets } from './fieldSync';
