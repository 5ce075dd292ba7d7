import type { RouteObject } from 'react-router-dom';
import { ListAsOf } from '../../components/table/listAsOf';
import { AllOtherJobsPage } from './components/AllOtherJobsPage';
import { JobListPage } from './components/JobListPage';
import { JobDetailPage } from './components/JobDetailPage';
import { OrcaBillingPage } from './components/orca/OrcaBillingPage';
import { OrcaDashboardPage } from './components/orca/OrcaDashboardPage';
import { OrcaJobPage } from './components/orca/OrcaJobPage';
import { OrcaTaskPage } from './components/orca/OrcaTaskPage';

/**
 * /job/orca/, /job/orca/billing/ and /job/others/ are static paths, so they rank above /job/:key and /job/orca/:key.
 * The job list and both ORCA dashboards can be shown as they stood (`<ListAsOf>`: ?as_of=).
 */
export const jobRoutes: RouteObject[] = [
  { path: '/job/', element: <ListAsOf><JobListPage /></ListAsOf> },
  { path: '/job/others/', element: <AllOtherJobsPage /> },
  { path: '/job/orca/', element: <ListAsOf><OrcaDashboardPage /></ListAsOf> },
  { path: '/job/orca/billing/', element: <ListAsOf><OrcaBillingPage /></ListAsOf> },
  { path: '/job/orca/:key', element: <OrcaJobPage /> },
  // Spec 2 section 2: the task page is also opened with a trailing slash.
  { path: '/job/orca/:key/task/:taskId', element: <OrcaTaskPage /> },
  { path: '/job/orca/:key/task/:taskId/', element: <OrcaTaskPage /> },
  { path: '/job/:key', element: <JobDetailPage /> },
];
