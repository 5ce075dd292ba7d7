/**
 * The routes of every catalog record (crews, customers, vendors, raw materials, products, SVA
 * coordinators), from its declaration: the list (active ones by name, `?all=t` for every one, `?q=`
 * words), add, and the record routes (one, edit, delete, history, as-of, its lines).
 */
import { z } from 'zod';
import { queryFlag } from '@trenchline/platform';
import type { CatalogRecordDef } from '@trenchline/domain';
import { listRecords } from './lists.ts';
import { recordRoutes } from './record-routes.ts';
import type { RouteDef } from './routes.ts';

const listQuery = z.object({ all: queryFlag.optional(), q: z.string().max(200).optional() }).loose();

export function catalogRoutes(def: CatalogRecordDef): RouteDef[] {
  const hasActive = 'active' in def.schema.shape;
  return [
    {
      method: 'get',
      path: def.path,
      summary: `${def.label} list by name${hasActive ? ' (active ones; ?all=t for every one)' : ''}; ?q= filters by words`,
      query: listQuery,
      readsLists: [def.list],
      handle: ({ actor, query }, ctx) =>
        listRecords(ctx, actor, def.aggregate, (q) => {
          if (hasActive && !query.all) q.where('active', true);
          if (query.q) for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean)) q.whereRaw('search like ?', [`%${word.replace(/[%_\\]/g, '\\$&')}%`]);
          q.orderByRaw('lower(name) asc, id asc');
        }),
    },
    ...recordRoutes({
      aggregate: def.aggregate,
      base: `${def.path}/:id`,
      fields: def.schema,
      create: { path: def.path, summary: `Add a ${def.label.toLowerCase()} (${def.entity}Added)`, command: (id, values) => ({ type: 'AddCatalogRecord', id, values }) },
      revise: (values) => ({ type: 'ReviseCatalogRecord', values }),
      remove: () => ({ type: 'DeleteCatalogRecord' }),
    }),
  ];
}
