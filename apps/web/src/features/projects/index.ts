/** What the app shell and other screens use of projects: their routes and the customers a job picks from. */
export { projectRoutes } from './routes';
export { useCustomerCatalog } from './api/listCustomers';
