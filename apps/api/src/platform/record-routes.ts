/**
 * The routes every aggregate has, declared once: one record (and as it stood on a past instant), its
 * whole-record edit, delete and history, and the REST routes of each child collection from the
 * collection registry. An area adds only what is particular to it.
 */
import { z } from 'zod';
import { aggregateDef, collectionsOf, detailKeyOf, collection as collectionDef, linesOf, presentLine, type CollectionDef, type Line, parseLineValues } from '@trenchline/domain';
import type { ApiContext, Actor } from './context.ts';
import { today } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { executeCommand, loadRecord, recordHistory, writeReply, type Loaded } from './records.ts';
import { findRecord, newLineIds, newRecordId } from './ids.ts';
import { reply, type RouteDef } from './routes.ts';
import { singletonId } from './singletons.ts';


const asOfQuery = z.object({ as_of: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional() }).loose();

/** A record with its lines, as the detail screen shows it. */
export function detailOf(ctx: ApiContext, loaded: Loaded) {
  const def = aggregateDef(loaded.aggregate);
  const lines = Object.fromEntries(collectionsOf(loaded.aggregate).map((c) => [detailKeyOf(c), linesOf(loaded.state.lines, c.name)]));
  return { ...def.view(loaded.state, today(ctx)), ...lines, version: loaded.version, position: loaded.position };
}

export interface RecordRoutesOptions {
  aggregate: string;
  /** Path of one record under /api, e.g. '/bids/:id'. */
  base: string;
  /** Schema of the whole-record edit (unknown keys are dropped, so a client may send the record back). */
  fields: z.ZodObject<z.ZodRawShape>;
  /** POST on the collection path (e.g. '/bids') creates a record under a new id. */
  create: { path: string; summary: string; command: (id: string, values: Record<string, unknown>) => { type: string; [field: string]: unknown } };
  revise: (values: Record<string, unknown>) => { type: string; [field: string]: unknown };
  remove: () => { type: string };
}

export function recordRoutes(o: RecordRoutesOptions): RouteDef[] {
  const def = aggregateDef(o.aggregate);
  return [
    {
      method: 'post',
      path: o.create.path,
      summary: o.create.summary,
      body: o.fields,
      handle: async ({ actor, body }, ctx) => {
        const id = await newRecordId(ctx, actor.accountId, o.aggregate);
        const r = await executeCommand(ctx, actor, o.aggregate, id, o.create.command(id, body), { create: true });
        return writeReply(def.view(r.state, today(ctx)), r.version, r.position, 201);
      },
    },
    {
      method: 'get',
      path: `${o.base}/history`,
      summary: `${def.label} history: every change, who made it, when, and each field's old and new value`,
      handle: ({ actor, params }, ctx) => recordHistory(ctx, actor, o.aggregate, params.id),
    },
    {
      method: 'get',
      path: o.base,
      summary: `One ${def.label.toLowerCase()} with its lines; ?as_of=<ISO time> shows it as it stood then`,
      query: asOfQuery,
      handle: async ({ actor, params, query }, ctx) => {
        const loaded = await loadRecord(ctx, actor, o.aggregate, params.id, { asOf: query.as_of ? new Date(query.as_of).toISOString() : undefined });
        return reply({ headers: { ETag: `"${loaded.version}"` }, body: { ...detailOf(ctx, loaded), ...(query.as_of ? { as_of: query.as_of } : {}) } });
      },
    },
    {
      method: 'put',
      path: o.base,
      summary: `Edit a ${def.label.toLowerCase()} (the whole record or some fields); If-Match: <version> makes a stale edit a 409`,
      body: o.fields,
      handle: async ({ actor, params, body, ifMatch }, ctx) => {
        const r = await executeCommand(ctx, actor, o.aggregate, params.id, o.revise(body), { ifMatch });
        return writeReply(def.view(r.state, today(ctx)), r.version, r.position);
      },
    },
    {
      method: 'delete',
      path: o.base,
      summary: `Delete a ${def.label.toLowerCase()} (its history is kept)`,
      handle: async ({ actor, params, ifMatch }, ctx) => {
        const r = await executeCommand(ctx, actor, o.aggregate, params.id, o.remove(), { ifMatch });
        return writeReply({ id: params.id, deleted: true }, r.version, r.position);
      },
    },
    ...collectionsOf(o.aggregate).flatMap((c) => collectionRoutes(c)),
  ];
}

/**
 * The routes of an account's one record of a kind (its settings, its SVA rate sheet): the record,
 * as it stood at `?as_of=`, and its history. Its lines' routes come with its collections.
 */
export function singletonRoutes(o: { aggregate: string; path: string; key?: string }): RouteDef[] {
  const def = aggregateDef(o.aggregate);
  return [
    {
      method: 'get',
      path: `${o.path}/history`,
      summary: `${def.label} history: every change, who made it, when, and each field's old and new value`,
      handle: async ({ actor }, ctx) => recordHistory(ctx, actor, o.aggregate, await singletonId(ctx, actor, o.aggregate, o.key)),
    },
    {
      method: 'get',
      path: o.path,
      summary: `The account's ${def.label.toLowerCase()}; ?as_of=<ISO time> shows it as it stood then`,
      query: asOfQuery,
      handle: async ({ actor, query }, ctx) => {
        const id = await singletonId(ctx, actor, o.aggregate, o.key);
        const loaded = await loadRecord(ctx, actor, o.aggregate, id, { asOf: query.as_of ? new Date(query.as_of).toISOString() : undefined });
        return reply({ headers: { ETag: `"${loaded.version}"` }, body: { ...detailOf(ctx, loaded), ...(query.as_of ? { as_of: query.as_of } : {}) } });
      },
    },
  ];
}

/** The line's parent record, by the line's own id (record_index), scoped to the account. */
async function parentOfLine(ctx: ApiContext, actor: Actor, def: CollectionDef, lineId: string) {
  const rec = /^\d{1,18}$/.test(lineId) ? await findRecord(ctx, lineId, actor.accountId) : null;
  if (!rec || rec.kind !== def.name) throw notFound(def.noun);
  return rec.streamId.slice(def.aggregate.length + 1);
}

function lineReply(ctx: ApiContext, def: CollectionDef, state: { lines: Record<string, Record<string, Line>> }, lineId: string, version: number, position: string | null, status = 200) {
  const line = state.lines[def.name]?.[lineId];
  return writeReply(line ? presentLine(def, line) : { id: lineId, deleted: true }, version, position, status);
}

/** GET and POST on the parent's list path, PUT and DELETE on the line's own path. */
export function collectionRoutes(def: CollectionDef): RouteDef[] {
  const path = (p: string) => p.replace(/\/$/, '');
  const parent = aggregateDef(def.aggregate);
  // The parent named in the path (or in the body or query, with parentFrom), or the account's one
  // record for a singleton's lines.
  // A line of a line (a timecard) is listed and added under its parent line's id: the record is that line's.
  const parentIdOf = (ctx: ApiContext, actor: Actor, params: Record<string, string>, given?: unknown) =>
    def.singleton
      ? singletonId(ctx, actor, def.aggregate)
      : def.parentLine
        ? parentOfLine(ctx, actor, collectionDef(def.parentLine.collection), params.id)
        : Promise.resolve(def.parentFrom ? parentFromBody(def, given) : params.id);
  const underParentLine = (line: Line, params: Record<string, string>) => !def.parentLine || String(line[def.parentLine.field]) === params.id;
  const routes: RouteDef[] = [
    {
      method: 'get',
      path: path(def.routes.list).replace(':parentId', ':id'),
      summary: `The ${def.noun.toLowerCase()} lines of a ${parent.label.toLowerCase()}`,
      handle: async ({ actor, params, query }, ctx) => {
        const loaded = await loadRecord(ctx, actor, def.aggregate, await parentIdOf(ctx, actor, params, query));
        return linesOf(loaded.state.lines, def.name).filter((l) => underParentLine(l, params));
      },
    },
    {
      method: 'put',
      path: path(def.routes.item),
      summary: `Edit one ${def.noun.toLowerCase()} line`,
      handle: async ({ actor, params, body, ifMatch }, ctx) => {
        const parentId = await parentOfLine(ctx, actor, def, params.id);
        const values = parseLineValues(def, stripClientOnly(body, def), true);
        const r = await executeCommand(ctx, actor, def.aggregate, parentId, { type: 'ReviseLine', collection: def.name, lineId: params.id, values }, { ifMatch });
        return lineReply(ctx, def, r.state, params.id, r.version, r.position);
      },
    },
    {
      method: 'delete',
      path: path(def.routes.item),
      summary: `Delete one ${def.noun.toLowerCase()} line`,
      handle: async ({ actor, params }, ctx) => {
        const parentId = await parentOfLine(ctx, actor, def, params.id);
        const r = await executeCommand(ctx, actor, def.aggregate, parentId, { type: 'RemoveLine', collection: def.name, lineId: params.id });
        return writeReply({ id: params.id, deleted: true }, r.version, r.position);
      },
    },
  ];
  routes.push({
    method: 'post',
    path: path(def.routes.list).replace(':parentId', ':id'),
    summary: def.upload ? `Upload a file (multipart: file, file_name, file_type)` : `Add a ${def.noun.toLowerCase()} line`,
    upload: def.upload,
    handle: async ({ actor, params, body, file }, ctx) => {
      const parentId = await parentIdOf(ctx, actor, params, body);
      await loadRecord(ctx, actor, def.aggregate, parentId); // 404 before an id is spent
      let values: Record<string, unknown>;
      if (def.upload) {
        if (!file) throw badRequest({ file: 'a file is required' });
        const stored = await ctx.blobs.put(file.buffer);
        values = parseLineValues(def, {
          file_name: (body?.file_name as string) || file.originalname,
          file_type: body?.file_type || undefined,
          content_type: file.mimetype,
          ...stored,
        }, true);
      } else values = parseLineValues(def, stripClientOnly(body, def), true);
      if (def.parentLine) values[def.parentLine.field] = params.id;
      const [lineId] = await newLineIds(ctx, actor.accountId, def.name, def.aggregate, parentId);
      const r = await executeCommand(ctx, actor, def.aggregate, parentId, { type: 'AddLine', collection: def.name, lineId, values });
      return lineReply(ctx, def, r.state, lineId, r.version, r.position, 201);
    },
  });
  return routes;
}

/** Fields a client may echo back that are the server's to set (a file's blob is set only by its upload). */
function stripClientOnly(body: unknown, def?: CollectionDef): Record<string, unknown> {
  const { id: _i, created_date: _c, last_updated: _l, selected: _s, version: _v, position: _p, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (def?.upload) for (const k of ['sha256', 'size', 'content_type']) delete rest[k];
  for (const [alias, field] of Object.entries(def?.aliases ?? {})) {
    if (!(alias in rest)) continue;
    if (!(field in rest)) rest[field] = rest[alias];
    delete rest[alias];
  }
  return rest;
}

/** The parent's id from the first `parentFrom.body` field the body (or query) holds: 400 naming it when missing or not an id. */
function parentFromBody(def: CollectionDef, given: unknown): string {
  const names = def.parentFrom!.body;
  const from = (given ?? {}) as Record<string, unknown>;
  const name = names.find((n) => from[n] !== undefined && from[n] !== null && from[n] !== '');
  if (!name) throw badRequest({ [names[0]]: 'is required' });
  const v = from[name];
  const id = typeof v === 'number' ? String(v) : v;
  if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) throw badRequest({ [name]: 'must be a record id' });
  return id;
}

export { collectionDef };
