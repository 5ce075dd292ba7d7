/**
 * A user's column choices for a paged list (which columns show, in what order, how wide), kept per user
 * under `columns:<list>` (GET/PUT /api/list_columns/:list/). The lists are named here once: the web's
 * tables name theirs from this, the server refuses any other.
 */
import { z } from 'zod';

export const LIST_NAMES = [
  'jobs',
  'other-jobs',
  'orca-jobs',
  'orca-invoices',
  'bids',
  'projects',
  'locates',
  'expiring-locates',
  'tickets',
  'orders',
  'rfqs',
  'organizations',
  'help-tickets',
  'audit',
  'notifications',
  'report-schedules',
] as const;
export type ListName = (typeof LIST_NAMES)[number];

export const isListName = (name: string): name is ListName => (LIST_NAMES as readonly string[]).includes(name);

/** The narrowest and widest a column may be dragged (px). */
export const COLUMN_WIDTH = { min: 40, max: 800 } as const;

export const listColumn = z.object({
  key: z.string().trim().min(1).max(80).regex(/^[A-Za-z0-9_.-]+$/, 'a column key is letters, digits, _ . -'),
  hidden: z.boolean().default(false),
  width: z.number().int().min(COLUMN_WIDTH.min).max(COLUMN_WIDTH.max).nullable().default(null),
});
export type ListColumn = z.infer<typeof listColumn>;

/** The columns in their order, each once. */
export const listColumnsBody = z.object({
  columns: z
    .array(listColumn)
    .max(100)
    .refine((cs) => new Set(cs.map((c) => c.key)).size === cs.length, 'each column once'),
});
