import type { RouteObject } from 'react-router-dom';
import { AllOtherJobsPage } from './components/AllOtherJobsPage';
import { JobListPage } from './components/JobListPage';
import { JobDetailPage } from './components/JobDetailPage';
import { OrcaBillingPage } from './components/orca/OrcaBillingPage';
import { OrcaDashboardPage } from './components/orca/OrcaDashboardPage';
import { OrcaJobPage } from './components/orca/OrcaJobPage';
import { OrcaTaskPage } from './components/orca/OrcaTaskPage';

/** /job/orca/, /job/orca/billing/ and /job/others/ are static paths, so they rank above /job/:key and /job/orca/:key. */
export const jobRoutes: RouteObject[] = [
  { path: '/job/', element: <JobListPage /> },
  { path: '/job/others/', element: <AllOtherJobsPage /> },
  { path: '/job/orca/', element: <OrcaDashboardPage /> },
  { path: '/job/orca/billing/', element: <OrcaBillingPage /> },
  { path: '/job/orca/:key', element: <OrcaJobPage /> },
  // Spec 2 section 2: the task page is also opened with a trailing slash.
  { path: '/job/orca/:key/task/:taskId', element: <OrcaTaskPage /> },
  { path: '/job/orca/:key/task/:taskId/', element: <OrcaTaskPage /> },
  { path: '/job/:key', element: <JobDetailPage /> },
];
