/**
 * The one file that composes the projector: each area exports its projections as a plain array
 * (`<area>/projections.ts`) and is listed here; nothing registers itself by being imported.
 */
import { bidProjections } from './bids/projections.ts';
import { projectProjections } from './projects/projections.ts';
import { reportProjections } from './reports/projections.ts';
import { jobProjections } from './jobs/projections.ts';
import { routineProjections } from './routines/projections.ts';
import { collectionProjections } from './collections/projections.ts';
import { settingsProjections } from './settings/projections.ts';
import { locateProjections } from './locates/projections.ts';
import { helpProjections } from './help/projections.ts';
import { orderProjections } from './orders/projections.ts';
import { ticketProjections } from './tickets/projections.ts';
import { rfqProjections } from './rfqs/projections.ts';
import { salesProjections } from './sales/projections.ts';
import type { Projection } from './shared/projection.ts';

export const projections: Projection[] = [...bidProjections, ...projectProjections, ...reportProjections, ...jobProjections, ...routineProjections, ...settingsProjections, ...locateProjections, ...helpProjections, ...orderProjections, ...ticketProjections, ...rfqProjections, ...salesProjections, ...collectionProjections];

export function projectionNamed(name: string): Projection {
  const p = projections.find((x) => x.name === name);
  if (!p) throw new Error(`unknown projection ${name}; known: ${projections.map((x) => x.name).join(', ')}`);
  return p;
}
