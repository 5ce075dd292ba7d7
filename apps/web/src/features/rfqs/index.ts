/** What the rest of the app uses of RFQs: the routes, and the job page's margin line and link back. */
export { rfqRoutes } from './routes';
export { JobMarginLine } from './components/JobMarginLine';
