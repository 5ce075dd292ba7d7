/**
 * The routes every aggregate has, declared once: its create (numbered when the aggregate declares a
 * number), one record (and as it stood on a past instant), its whole-record edit, delete and history,
 * and the REST routes of each child collection from the collection registry. An area adds only what
 * is particular to it.
 */
import { z } from 'zod';
import { streamName } from '@trenchline/event-store';
import { waitForLists } from '@trenchline/platform';
import { aggregateDef, type AnyState, collectionsOf, detailKeyOf, linesAsShown, listedUnderLine, collection as collectionDef, linesOf, type CollectionDef, type EditPart, parseLineValues } from '@trenchline/domain';
import type { ApiContext, Actor } from './context.ts';
import { today } from './context.ts';
import { badRequest, notFound } from './errors.ts';
import { executeCommand, lineReply, loadRecord, recordHistory, writeReply, type Edit, type Executed, type Loaded } from './records.ts';
import { nextNumberOf } from './counters.ts';
import { findRecord, newLineIds, newRecordId } from './ids.ts';
import { reply, type RouteDef } from './routes.ts';
import { singletonId } from './singletons.ts';
import { detailJson } from './detail-cache.ts';
import { recordedType, requirePicture } from './safe-files.ts';
import { takeUpload } from './uploads.ts';


/** An edit of the record's own fields. */
export const RECORD_FIELDS: EditPart = { kind: 'fields' };

const asOfQuery = z.object({ as_of: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional() }).loose();

/** A record with its lines, as the detail screen shows it. */
export function detailOf(ctx: ApiContext, loaded: Loaded) {
  const def = aggregateDef(loaded.aggregate);
  const shown = linesAsShown(def, loaded.state.lines, today(ctx), loaded.state);
  const lines = Object.fromEntries(collectionsOf(loaded.aggregate).map((c) => [detailKeyOf(c), linesOf(shown, c.name)]));
  return { ...def.view(loaded.state, today(ctx)), ...lines, version: loaded.version, position: loaded.position };
}

/** A written record with its lines, as the detail screen shows it. */
export const detailOfWritten = (ctx: ApiContext, aggregate: string, r: Executed) => detailOf(ctx, { ...r, aggregate, stream: streamName(aggregate, r.id), events: [] });

/** A write's answer: the record with its lines, as GET answers it. */
export const detailReply = (ctx: ApiContext, aggregate: string, r: Executed, status = 200, extra: Record<string, unknown> = {}) =>
  writeReply({ ...detailOfWritten(ctx, aggregate, r), ...extra }, r.version, r.position, status);

type Command = { type: string; [field: string]: unknown };

/**
 * How a record is created (POST on its collection path): the create command under a new id, with the
 * next number of its counter when the aggregate declares one (`number`).
 */
export interface RecordCreate {
  path: string;
  summary: string;
  /** The create command; `today` is the server's date (a record dated today unless sent), `actor` who creates it (a help ticket's submitter). Default: the record's create command with the values. */
  command?: (id: string, values: Record<string, unknown>, made: { today: string; actor: Actor }) => Command;
  /**
   * What is truly special: the new record's values from the parsed body (and the request's own, for
   * what the fields do not name), filled (a customer's billing fields, a ticket's job) and checked.
   * It runs before an id or a number is handed out, so a refused request spends neither.
   */
  prepare?: (ctx: ApiContext, actor: Actor, body: Record<string, unknown>, raw: Record<string, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** What the create command carries besides its values, read after `prepare` (a locate: the account's date rules). */
  carries?: (ctx: ApiContext, actor: Actor) => Promise<Record<string, unknown>>;
  /** Answer with the record's lines too, as GET does (default: the record alone). */
  withLines?: boolean;
}

export interface RecordRoutesOptions {
  aggregate: string;
  /** Path of one record under /api, e.g. '/bids/:id'. */
  base: string;
  /** Schema of the whole-record edit (unknown keys are dropped, so a client may send the record back); default: the aggregate's declared fields. */
  fields?: z.ZodObject<z.ZodRawShape>;
  /** POST on the collection path (e.g. '/bids') creates a record under a new id. */
  create: RecordCreate;
  /** The edit and delete commands; default: the record's own (its decider's). */
  revise?: (values: Record<string, unknown>) => Command;
  remove?: () => { type: string };
}

/** The record's create, revise and delete commands as its decider declares them. */
function recordCommands(aggregate: string) {
  const names = aggregateDef(aggregate).decider.record;
  if (!names) throw new Error(`${aggregate} declares no record commands: give recordRoutes its commands`);
  return {
    create: (id: string, values: Record<string, unknown>): Command => ({ type: names.create, [names.idField]: id, values }),
    revise: (values: Record<string, unknown>): Command => ({ type: names.revise, values }),
    remove: () => ({ type: names.delete }),
  };
}

/**
 * A new record from a body its fields parsed: the declaration's `prepare` and `carries`, then a new id,
 * then the next number of the aggregate's counter (`number`), then the create command. The route and the demo seed
 * create through it.
 */
export async function createRecord<S extends AnyState = AnyState>(ctx: ApiContext, actor: Actor, o: Pick<RecordRoutesOptions, 'aggregate' | 'create'>, body: Record<string, unknown>, raw: Record<string, unknown> = body): Promise<Executed<S>> {
  const def = aggregateDef(o.aggregate);
  const values = o.create.prepare ? await o.create.prepare(ctx, actor, body, raw) : body;
  const carried = o.create.carries ? await o.create.carries(ctx, actor) : {};
  const id = await newRecordId(ctx, actor.accountId, o.aggregate);
  const command = { ...(o.create.command ? o.create.command(id, values, { today: today(ctx), actor }) : recordCommands(o.aggregate).create(id, values)), ...carried };
  if (def.number) command[def.number.field] = await nextNumberOf(ctx, actor, def.number.counter);
  return executeCommand<S>(ctx, actor, o.aggregate, id, command, { create: true });
}

export function recordRoutes(o: RecordRoutesOptions): RouteDef[] {
  const def = aggregateDef(o.aggregate);
  const ids = { id: o.aggregate };
  const fields = o.fields ?? def.fields;
  if (!fields) throw new Error(`${o.aggregate}: recordRoutes needs its fields`);
  const revise = o.revise ?? recordCommands(o.aggregate).revise;
  const remove = o.remove ?? recordCommands(o.aggregate).remove;
  return [
    {
      method: 'post',
      path: o.create.path,
      summary: o.create.summary,
      body: fields,
      handle: async ({ actor, body, raw }, ctx) => {
        const r = await createRecord(ctx, actor, o, body, (raw.body ?? {}) as Record<string, unknown>);
        return o.create.withLines ? detailReply(ctx, o.aggregate, r, 201) : writeReply(def.view(r.state, today(ctx)), r.version, r.position, 201);
      },
    },
    {
      method: 'get',
      path: `${o.base}/history`,
      ids,
      summary: `${def.label} history: every change, who made it, when, and each field's old and new value`,
      handle: ({ actor, params }, ctx) => recordHistory(ctx, actor, o.aggregate, params.id),
    },
    {
      method: 'get',
      path: o.base,
      ids,
      summary: `One ${def.label.toLowerCase()} with its lines; ?as_of=<ISO time> shows it as it stood then`,
      query: asOfQuery,
      handle: async ({ actor, params, query }, ctx) => {
        const asOf = query.as_of;
        const d = await detailJson(ctx, { stream: streamName(o.aggregate, params.id), accountId: actor.accountId, day: today(ctx), asOf }, async () => {
          const loaded = await loadRecord(ctx, actor, o.aggregate, params.id, asOf ? { asOf: new Date(asOf).toISOString() } : undefined);
          return { version: loaded.version, body: { ...detailOf(ctx, loaded), ...(asOf ? { as_of: asOf } : {}) } };
        });
        return reply({ headers: { ETag: `"${d.version}"` }, json: d.json });
      },
    },
    {
      method: 'put',
      path: o.base,
      ids,
      summary: `Edit a ${def.label.toLowerCase()} (the whole record or some fields; computed fields are ignored). With the version last seen (If-Match or \`version\`), the edit merges by field with others' changes since; a field both changed is a 409 naming it`,
      body: fields,
      handle: async ({ actor, params, body, baseVersion }, ctx) => {
        const r = await executeCommand(ctx, actor, o.aggregate, params.id, { part: RECORD_FIELDS, values: body, base: baseVersion, command: revise });
        return writeReply(def.view(r.state, today(ctx)), r.version, r.position);
      },
    },
    {
      method: 'delete',
      path: o.base,
      ids,
      summary: `Delete a ${def.label.toLowerCase()} (its history is kept)`,
      handle: async ({ actor, params }, ctx) => {
        const r = await executeCommand(ctx, actor, o.aggregate, params.id, remove());
        return writeReply({ id: params.id, deleted: true }, r.version, r.position);
      },
    },
    ...collectionsOf(o.aggregate).flatMap((c) => collectionRoutes(c)),
  ];
}

/**
 * GET `path` (with `:key`): the record whose number (`field`, as its list keeps it) is key, else the
 * record whose id is key: `{id, <field>}`. A number just handed out may not be in the list yet (the
 * old client sends no X-Min-Position): it waits for the list before reading the key as an id.
 */
export function numberLookupRoute(o: { path: string; aggregate: string; list: string; field: string; summary: string }): RouteDef {
  const def = aggregateDef(o.aggregate);
  return {
    method: 'get',
    path: o.path,
    ids: { key: null },
    summary: o.summary,
    readsLists: [o.list],
    handle: async ({ actor, params }, ctx) => {
      const key = params.key.trim();
      const find = () => (key ? ctx.db(o.list).where({ account_id: actor.accountId, deleted: false, [o.field]: key }).orderBy('id').first('id', o.field) : undefined);
      let row = await find();
      if (!row && key) {
        const last = await ctx.store.lastPosition();
        if (last && (await waitForLists(ctx, [o.list], last))) row = await find();
      }
      if (row) return { id: String(row.id), [o.field]: row[o.field] };
      if (!/^\d{1,18}$/.test(key)) throw notFound(def.label);
      const loaded = await loadRecord(ctx, actor, o.aggregate, key);
      return { id: key, [o.field]: (loaded.state.fields as Record<string, unknown> | undefined)?.[o.field] ?? null };
    },
  };
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

/**
 * The PUT of an account's one record of a kind: its fields, merged by field from the version the
 * client saw (If-Match or `version`), decided by the record's own revise command; answers the record.
 */
export function singletonEditRoute(o: { aggregate: string; path: string; summary: string; body: z.ZodType; revise: string }): RouteDef {
  return {
    method: 'put',
    path: o.path,
    summary: o.summary,
    body: o.body,
    handle: async ({ actor, body, baseVersion }, ctx) => {
      const id = await singletonId(ctx, actor, o.aggregate);
      const r = await executeCommand(ctx, actor, o.aggregate, id, { part: RECORD_FIELDS, values: body, base: baseVersion, command: (v) => ({ type: o.revise, values: v }) });
      return detailReply(ctx, o.aggregate, r);
    },
  };
}

/** The line's parent record, by the line's own id (record_index), scoped to the account. */
export async function parentOfLine(ctx: ApiContext, actor: Actor, def: CollectionDef, lineId: string) {
  const rec = /^\d{1,18}$/.test(lineId) ? await findRecord(ctx, lineId, actor.accountId) : null;
  if (!rec || rec.kind !== def.name) throw notFound(def.noun);
  return rec.streamId.slice(def.aggregate.length + 1);
}

/** An edit of one line: its values merged by field from the version its author saw (see Edit). */
export const lineEdit = (def: CollectionDef, lineId: string, values: Record<string, unknown>, base?: number): Edit => ({
  part: { kind: 'line', collection: def.name, lineId },
  values,
  base,
  command: (v) => ({ type: 'ReviseLine', collection: def.name, lineId, values: v }),
});

/**
 * GET and POST on the parent's list path, PUT and DELETE on the line's own path; a line of a line
 * may also be listed and added under its record (`routes.underRecord`), and a line's own path may
 * have a second name (`routes.itemAlias`).
 */
export function collectionRoutes(def: CollectionDef): RouteDef[] {
  return [
    ...listRoutes(def, def.routes.list, listedUnderLine(def)),
    ...(def.routes.underRecord ? listRoutes(def, def.routes.underRecord, false) : []),
    ...lineRoutes(def, def.routes.item),
    ...(def.routes.itemAlias ? lineRoutes(def, def.routes.itemAlias) : []),
  ];
}

const routePath = (p: string) => p.replace(/\/$/, '').replace(':parentId', ':id');

/**
 * The list and add routes at one path. The parent is named in the path (or in the body or query,
 * with parentFrom), or is the account's one record for a singleton's lines; `underLine`: the path
 * names a parent line (a timesheet's timecards), whose record is the parent, and only its lines are
 * listed; otherwise a line of a line names its parent line in the body.
 */
function listRoutes(def: CollectionDef, path: string, underLine: boolean): RouteDef[] {
  const parent = aggregateDef(def.aggregate);
  // The parent named in the path is the record, or the parent line; one named in the body is checked as a record of the account.
  const ids: RouteDef['ids'] = def.singleton || def.parentFrom ? {} : { id: underLine ? def.parentLine!.collection : def.aggregate };
  const bodyIds = def.parentFrom ? Object.fromEntries(def.parentFrom.body.map((field) => [field, def.aggregate])) : undefined;
  const parentIdOf = (ctx: ApiContext, actor: Actor, params: Record<string, string>, given?: unknown) =>
    def.singleton
      ? singletonId(ctx, actor, def.aggregate)
      : underLine
        ? parentOfLine(ctx, actor, collectionDef(def.parentLine!.collection), params.id)
        : Promise.resolve(def.parentFrom ? parentFromBody(def, given) : params.id);
  return [
    {
      method: 'get',
      path: routePath(path),
      ids,
      bodyIds,
      summary: `The ${def.noun.toLowerCase()} lines of a ${underLine ? collectionDef(def.parentLine!.collection).noun.toLowerCase() : parent.label.toLowerCase()}`,
      handle: async ({ actor, params, query }, ctx) => {
        const loaded = await loadRecord(ctx, actor, def.aggregate, await parentIdOf(ctx, actor, params, query));
        const lines = linesOf(linesAsShown(parent, loaded.state.lines, today(ctx), loaded.state), def.name);
        return underLine ? lines.filter((l) => String(l[def.parentLine!.field]) === params.id) : lines;
      },
    },
    {
      method: 'post',
      path: routePath(path),
      ids,
      bodyIds,
      summary: def.upload ? `Upload a file (multipart: file, file_name, file_type; or JSON naming a complete resumable upload: upload, file_name, file_type)` : `Add a ${def.noun.toLowerCase()} line${def.parentLine && !underLine ? ` (naming its ${def.parentLine.field})` : ''}`,
      upload: def.upload,
      references: def.schema,
      handle: async ({ actor, params, body, file }, ctx) => {
        const parentId = await parentIdOf(ctx, actor, params, body);
        await loadRecord(ctx, actor, def.aggregate, parentId); // 404 before an id is spent
        // A JSON body naming a complete resumable upload stands for the multipart file: the same checks, consumed once.
        const taken = def.upload && !file && body?.upload !== undefined ? await takeUpload(ctx, actor, body.upload) : null;
        try {
          let values: Record<string, unknown>;
          if (def.upload) {
            const given = file ?? taken?.file;
            if (!given) throw badRequest({ file: 'a file is required' });
            if (def.photos) requirePicture(given);
            const stored = await ctx.blobs.put(given.buffer);
            values = parseLineValues(def, {
              file_name: (body?.file_name as string) || given.originalname,
              file_type: body?.file_type || undefined,
              content_type: recordedType(given),
              ...(def.parentLine && !underLine ? { [def.parentLine.field]: body?.[def.parentLine.field] } : {}),
              ...stored,
            }, true);
          } else values = parseLineValues(def, stripClientOnly(body, def), true);
          if (underLine) values[def.parentLine!.field] = params.id;
          const [lineId] = await newLineIds(ctx, actor.accountId, def.name, def.aggregate, parentId);
          const r = await executeCommand(ctx, actor, def.aggregate, parentId, { type: 'AddLine', collection: def.name, lineId, values });
          await taken?.consumed();
          return lineReply(r.state, def.name, lineId, r, 201, { today: today(ctx) });
        } catch (e) {
          await taken?.release();
          throw e;
        }
      },
    },
  ];
}

/** PUT and DELETE of one line at a path naming the line's own id. */
function lineRoutes(def: CollectionDef, path: string): RouteDef[] {
  const ids = { id: def.name };
  return [
    {
      method: 'put',
      path: routePath(path),
      ids,
      summary: `Edit one ${def.noun.toLowerCase()} line (the line's object may be sent back whole). With the line's version (If-Match or \`version\`), the edit merges by field; another line's changes never conflict; a deleted line is 410`,
      references: def.schema,
      handle: async ({ actor, params, body, baseVersion }, ctx) => {
        const parentId = await parentOfLine(ctx, actor, def, params.id);
        const r = await executeCommand(ctx, actor, def.aggregate, parentId, lineEdit(def, params.id, parseLineValues(def, stripClientOnly(body, def), true), baseVersion));
        return lineReply(r.state, def.name, params.id, r, 200, { today: today(ctx) });
      },
    },
    {
      method: 'delete',
      path: routePath(path),
      ids,
      summary: `Delete one ${def.noun.toLowerCase()} line (a line deleted already is 410)`,
      handle: async ({ actor, params }, ctx) => {
        const parentId = await parentOfLine(ctx, actor, def, params.id);
        // Followed as an edit of the line, so a line removed already is a 410 saying by whom.
        const r = await executeCommand(ctx, actor, def.aggregate, parentId, { ...lineEdit(def, params.id, {}), command: () => ({ type: 'RemoveLine', collection: def.name, lineId: params.id }) });
        return writeReply({ id: params.id, deleted: true }, r.version, r.position);
      },
    },
  ];
}

/** Fields a client may echo back that are the server's to set (a file's blob is set only by its upload). */
export function stripClientOnly(body: unknown, def?: CollectionDef): Record<string, unknown> {
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
