import type { RouteObject } from 'react-router-dom';
import { AllOtherJobsPage } from './components/AllOtherJobsPage';
import { JobListPage } from './components/JobListPage';
import { JobDetailPage } from './components/JobDetailPage';

/** /job/orca/ and /job/others/ are static paths, so they rank above /job/:key. */
export const jobRoutes: RouteObject[] = [
  { path: '/job/', element: <JobListPage /> },
  { path: '/job/others/', element: <AllOtherJobsPage /> },
  { path: '/job/:key', element: <JobDetailPage /> },
];
