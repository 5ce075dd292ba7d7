/** Every area's routes, in one list (specific paths before generic ones within each area). */
import { authRoutes } from './auth/routes.ts';
import { bidRoutes } from './bids/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { settingsRoutes } from './settings/routes.ts';

export const areaRoutes = [authRoutes, bidRoutes, jobRoutes, settingsRoutes];
