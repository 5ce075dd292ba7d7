/**
 * Every area's routes, in one list. Specific paths come before generic ones: settings owns a few
 * paths under /api/jobs/ (job_account_users, how2s), so it is mounted before jobs' /jobs/:id.
 */
import { authRoutes } from './auth/routes.ts';
import { bidRoutes } from './bids/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { reportScheduleRoutes } from './reports/schedules.ts';
import { mailOutboxRoutes } from './reports/mail-outbox.ts';
import { jobRoutes } from './jobs/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { routineRoutes } from './routines/routes.ts';
import { bulkRoutes } from './bulk/routes.ts';
import { locateRoutes } from './locates/routes.ts';
import { helpRoutes } from './help/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { ticketRoutes } from './tickets/routes.ts';
import { rfqRoutes } from './rfqs/routes.ts';
import { salesRoutes } from './sales/routes.ts';
import { auditAreaRoutes } from './audit/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';

import { webhookRoutes } from './webhooks/routes.ts';

export const areaRoutes = [authRoutes, bidRoutes, projectRoutes, reportRoutes, settingsRoutes, jobRoutes, locateRoutes, helpRoutes, orderRoutes, ticketRoutes, rfqRoutes, salesRoutes, routineRoutes, bulkRoutes, auditAreaRoutes, notificationRoutes, webhookRoutes, reportScheduleRoutes, mailOutboxRoutes];
