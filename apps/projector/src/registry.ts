/**
 * The one file that composes the projector. Every record list the read model declares gets its
 * projection from the declaration (shared/list-projections.ts); the projections written by hand (lists
 * with no declaration yet, settings, every child line) are listed here as each area exports them, a
 * plain array (`<area>/projections.ts`); nothing registers itself by being imported. Composed when
 * asked, so a list added to the read model after this file loaded (a test's fixture area) is projected too.
 */
import { listDefs } from '@trenchline/read-model';
import { reportProjections } from './reports/projections.ts';
import { routineProjections } from './routines/projections.ts';
import { collectionProjections } from './collections/projections.ts';
import { settingsProjections } from './settings/projections.ts';
import { auditProjections } from './audit/projections.ts';
import { webhookProjections } from './webhooks/projections.ts';
import { listProjections } from './shared/list-projections.ts';
import type { Projection } from './shared/projection.ts';

export const projections = (): Projection[] => [...listProjections(Object.values(listDefs)), ...reportProjections, ...routineProjections, ...settingsProjections, ...collectionProjections, ...auditProjections, ...webhookProjections];

export function projectionNamed(name: string): Projection {
  const all = projections();
  const p = all.find((x) => x.name === name);
  if (!p) throw new Error(`unknown projection ${name}; known: ${all.map((x) => x.name).join(', ')}`);
  return p;
}
