import type { RouteObject } from 'react-router-dom';
import { JobPage } from './components/JobPage';

/** /job/orca/ and /job/others/ are static paths, so they rank above /job/:id. */
export const jobRoutes: RouteObject[] = [{ path: '/job/:id', element: <JobPage /> }];
