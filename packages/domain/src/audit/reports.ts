/**
 * The account's trail (docs/audit-trail.md): its filter, read by GET /api/audit/ and by the export,
 * and the export's declaration in the report catalogue (the worker builds it as XLSX or CSV).
 */
import { z } from 'zod';
import { datedFileName, defineReport } from '../shared/report-catalogue.ts';

const isInstant = (s: string) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(/T/.test(s) ? s : `${s}T00:00:00Z`));
const instant = z.string().refine(isInstant, 'must be an ISO date-time or date (YYYY-MM-DD)').optional();
const id = z.string().regex(/^\d{1,18}$/, 'must be an id').optional();

/**
 * The trail's filters; each given narrows the trail further. `areaNames` is asked when parsed, so an
 * area added to the registry later is known. A bad value is a 400 naming it.
 */
export const trailFilterShape = (areaNames: () => string[]) => ({
  from: instant,
  to: instant,
  user: id,
  area: z
    .string()
    .refine((a) => areaNames().includes(a), { message: 'must be an area name' })
    .optional(),
  record: id,
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, 'must be an event type').optional(),
  q: z.string().max(200, 'must be at most 200 characters').optional(),
});

export const AUDIT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;

export const auditTrailReport = defineReport({
  name: 'audit.trail',
  label: 'Audit trail',
  path: '/audit/export',
  formats: AUDIT_EXPORT_FORMATS,
  // The areas are checked by the route that asks (it knows the registry); the worker reads them as given.
  params: z.object(trailFilterShape(() => [])).extend({ area: z.string().optional() }),
  fileName: (today, format) => datedFileName('Audit trail', today, format),
});
