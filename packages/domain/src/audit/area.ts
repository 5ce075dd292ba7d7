/** What the audit area declares: no records of its own, the trail's export; packages/domain/src/registry.ts composes every area. */
import type { Area } from '../shared/aggregates.ts';
import { auditTrailReport } from './reports.ts';

export const auditArea: Area = { aggregates: [], collections: [], reports: [auditTrailReport] };
