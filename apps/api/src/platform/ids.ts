/** Record ids for the API: handed out with their account and stream (see event-store record-index). */
import { allocateId, allocateIds, findRecord as find, streamName } from '@trenchline/event-store';
import type { ApiContext } from './context.ts';

/** An id for a new record of an aggregate (its stream is `<aggregate>-<id>`). */
export const newRecordId = (ctx: ApiContext, accountId: string, aggregate: string) => allocateId(ctx.pool, { kind: aggregate, accountId });

/** Ids for new lines of a collection inside a parent record's stream. */
export const newLineIds = (ctx: ApiContext, accountId: string, collection: string, parentAggregate: string, parentId: string, count = 1) =>
  allocateIds(ctx.pool, { kind: collection, accountId, streamId: streamName(parentAggregate, parentId), count });

export const findRecord = (ctx: ApiContext, id: string, accountId: string) => find(ctx.pool, id, accountId);
