import type { CollectionDef } from '@trenchline/domain';

/** A collection's REST paths, from its registry declaration (relative to /api). */
export const linesUrl = (def: CollectionDef, parentId: string) =>
  `/api${def.routes.list.replace(':parentId', encodeURIComponent(parentId))}`;

export const lineUrl = (def: CollectionDef, lineId: string) => `/api${def.routes.item.replace(':id', encodeURIComponent(lineId))}`;
