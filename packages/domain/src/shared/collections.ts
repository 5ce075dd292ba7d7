/**
 * Child collections: one declaration per collection (bid items, notes, files ...). From it come the
 * line commands, the `<Entity>Added / Revised / Removed` events, the REST routes (apps/api), the
 * generic lines projection (apps/projector) and the web's editable table. Each area lists its
 * collections; registry.ts composes them. The functions here take the declarations they need (an
 * aggregate's own collections), so nothing in shared/ reads the composed registry.
 */
import { z } from 'zod';
import { type Changes, diff, applyChanges, hasChanges } from './changes.ts';
import { uniqueKeyOf } from './keys.ts';
import { type CommandMeta, DomainError, type DomainEvent, type EventMeta } from './decider.ts';
import { referenceFields } from './fields.ts';

export type FieldKind = 'text' | 'longtext' | 'date' | 'number' | 'money' | 'percent' | 'choice' | 'flag';

/** How the web shows a field; the zod schema stays the authority on what is valid. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  choices?: readonly string[];
  /** A number's unit, written after it in cells and beside its input ('ft', 'h'). */
  unit?: string;
  /** Shown but never sent (stamped or computed on the server). */
  readOnly?: boolean;
  width?: number;
}

export type Line = Record<string, unknown> & { id: string };

export interface CollectionDef {
  /** Key in aggregate state and in the read model, e.g. 'bid_items'. */
  name: string;
  /** Event prefix in the contractor's words: 'BidItem' -> BidItemAdded / BidItemRevised / BidItemRemoved. */
  entity: string;
  /** Aggregate that owns the lines, e.g. 'bid'. */
  aggregate: string;
  /** The line field holding the parent id, in the spec's shape ('bid', 'job'). */
  parentField: string;
  /** Editable fields of a line. Unknown keys are dropped; wrong types are a 400 naming the field. */
  schema: z.ZodObject<z.ZodRawShape>;
  /**
   * Fields a command takes that the line never shows as such (a signature's `signed_content`, what
   * the device showed its signer): parsed with the schema, for the aggregate to record its own way.
   */
  commandOnly?: z.ZodRawShape;
  /** Values of a new line before the user's values, e.g. a note starts as 'Update'. */
  defaults?: Record<string, unknown>;
  /** Fields filled from the command's metadata when a line is added: the server's only, never in the schema. */
  stamps?: { createdBy?: string; createdDate?: string };
  /**
   * Fields the server fills when it adds the line from a record of its own (an assigned user's id,
   * e-mail and name from the account's users): a client's revision of them is ignored.
   */
  setByServer?: readonly string[];
  /** Derived fields, computed on read (never stored, so a rule change applies to history too). */
  computed?: (line: Line) => Record<string, unknown>;
  /**
   * REST paths under /api: list and create, and one line by its own id. A line of a line may also be
   * listed and added under its record (`underRecord`, naming its parent line in the body); a line's
   * own path may have a second name (`itemAlias`).
   */
  routes: { list: string; item: string; underRecord?: string; itemAlias?: string };
  /** Lines are added by multipart upload (files), not JSON. */
  upload?: boolean;
  /** An upload of photos: only PNG, JPEG or WebP images, told by their bytes and within the size their header may say (checkImage, images.ts), are taken. */
  photos?: boolean;
  /** Fields shown in the web's editable table, in order. */
  fields: FieldSpec[];
  /** Singular message noun, e.g. 'Item' for 'Sure you want to delete this Item?' */
  noun: string;
  /** No two lines of one parent may share this field's value (case and spacing ignored). */
  unique?: string;
  /**
   * The parent is the account's one record of its aggregate (the SVA rate sheet): the list path has
   * no parent id, and the API finds the parent from the caller's account.
   */
  singleton?: boolean;
  /**
   * The parent's id comes in the request body, not in the list path (POST /api/lpms/sets/ {routine}):
   * the first of these body fields that is present names it (GET of the list takes it from the query).
   */
  parentFrom?: { body: readonly string[] };
  /** Other names a client may send a field under, e.g. { do_set: 'set' }: read as the field itself. */
  aliases?: Record<string, string>;
  /**
   * Named events of the collection's rules that change one line as `<Entity>Revised` does (data
   * `{ id, changes }`), e.g. DoTaskDone: folding, history and the lines read model treat them so.
   */
  ruleEvents?: readonly string[];
  /**
   * Lines that belong to one line of another collection of the same record (a timesheet's timecards,
   * a work order's items, a routine's tasks in its sets): `field` holds that line's id. The list path
   * is keyed by the parent line's id, unless the parent comes in the body (`parentFrom`); adding needs
   * a parent line of the record; removing the parent line removes them first. `noun`: what messages
   * call the parent line ('set': "must be a set of this record"); otherwise "a line of this record".
   */
  parentLine?: { collection: string; field: string; noun?: string };
  /** The order lines are answered in (a CIBE sheet: by line number); default: as added (by id). */
  compare?: (a: Line, b: Line) => number;
  /** Fields whose last change the line keeps as `<field>_since` (an invoice's status: days in status). */
  stamped?: readonly string[];
  /** The key the record's answer carries the lines under, when not the list path's last segment (a ticket's `ticket_productions`). */
  detailKey?: string;
}

/** Lines of a line listed under their parent line's path (a timesheet's timecards), not under the record's. */
export const listedUnderLine = (def: Pick<CollectionDef, 'parentLine' | 'parentFrom'>) => Boolean(def.parentLine) && !def.parentFrom;

/**
 * Where a record's answer carries a collection's lines: its route's last segment ('items', 'notes'),
 * or, for lines of a line, the collection's own name, since those segments repeat ('items' of a work order).
 */
export const detailKeyOf = (def: Pick<CollectionDef, 'routes' | 'name' | 'parentLine' | 'parentFrom' | 'detailKey'>) => def.detailKey ?? (listedUnderLine(def) ? def.name : def.routes.list.split('/').filter(Boolean).pop()!);

export const eventTypes = (def: Pick<CollectionDef, 'entity'>) => ({
  added: `${def.entity}Added`,
  revised: `${def.entity}Revised`,
  removed: `${def.entity}Removed`,
});

/** A declaration, checked: stamps are the server's, never editable. Composing happens in registry.ts. */
/** A record's collection at the spec's two paths: `{base}/:parentId/{kind}/` (list, add) and `{base}/{kind}/:id` (one line). */
export const routesUnder = (base: string, kind: string) => ({ list: `${base}/:parentId/${kind}/`, item: `${base}/${kind}/:id` });

export function defineCollection(def: CollectionDef): CollectionDef {
  // A stamp in the schema would let a client write it (a note's author); stamps come from the command's metadata.
  for (const stamp of Object.values(def.stamps ?? {})) if (stamp in def.schema.shape) throw new Error(`collection ${def.name}: stamp ${stamp} must not be an editable field`);
  return def;
}

/** The collection named `name` among these declarations (an aggregate's own, or every one). */
export function collectionIn(defs: readonly CollectionDef[], name: string): CollectionDef {
  const def = defs.find((c) => c.name === name);
  if (!def) throw new DomainError('not_found', `No ${name} collection here`);
  return def;
}

export type LineEventKind = { def: CollectionDef; kind: 'added' | 'revised' | 'removed' };

/** Which of these collections an event type belongs to, and whether it is an add, revise or remove. */
export function lineEventKindIn(defs: readonly CollectionDef[], type: string): LineEventKind | undefined {
  for (const def of defs) {
    const t = eventTypes(def);
    if (type === t.added) return { def, kind: 'added' };
    if (type === t.revised) return { def, kind: 'revised' };
    if (type === t.removed) return { def, kind: 'removed' };
    if (def.ruleEvents?.includes(type)) return { def, kind: 'revised' };
  }
  return undefined;
}

// ---- commands and events --------------------------------------------------------------------

export type LineCommand =
  | { type: 'AddLine'; collection: string; lineId: string; values: Record<string, unknown> }
  | { type: 'ReviseLine'; collection: string; lineId: string; values: Record<string, unknown> }
  | { type: 'RemoveLine'; collection: string; lineId: string };

export type LineAdded = DomainEvent<string, { id: string; line: Line }>;
export type LineRevised = DomainEvent<string, { id: string; changes: Changes }>;
export type LineRemoved = DomainEvent<string, { id: string }>;
export type LineEvent = LineAdded | LineRevised | LineRemoved;

/** Lines of an aggregate: collection name -> line id -> line. */
export type LinesState = Record<string, Record<string, Line>>;

export const isLineCommand = (c: { type: string }): c is LineCommand =>
  c.type === 'AddLine' || c.type === 'ReviseLine' || c.type === 'RemoveLine';

const partials = new WeakMap<CollectionDef, z.ZodType>();
/** The partial schema is built once per collection (building it costs more than parsing a line). */
const partialOf = (def: CollectionDef) => {
  let s = partials.get(def);
  if (!s) partials.set(def, (s = (def.commandOnly ? def.schema.extend(def.commandOnly) : def.schema).partial()));
  return s;
};

/** Validate a line's values with the collection's schema; throws a 400-mapped DomainError. */
export function parseLineValues(def: CollectionDef, values: unknown, partial = false): Record<string, unknown> {
  const schema = partial ? partialOf(def) : def.commandOnly ? def.schema.extend(def.commandOnly) : def.schema;
  const res = schema.safeParse(values ?? {});
  if (!res.success) throw invalidFromZod(res.error);
  return res.data as Record<string, unknown>;
}

export function invalidFromZod(error: z.ZodError): DomainError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const names = Object.keys(fields).join(', ');
  return new DomainError('invalid', `Invalid value for ${names}`, fields);
}

/** The events a line command makes on a record whose id is `parentId` and whose collections are `own`. */
export function decideLine(
  command: LineCommand,
  lines: LinesState,
  parentId: string,
  meta: CommandMeta,
  own: readonly CollectionDef[],
): LineEvent[] {
  const def = collectionIn(own, command.collection);
  const t = eventTypes(def);
  const existing = lines[def.name]?.[command.lineId];
  switch (command.type) {
    case 'AddLine': {
      if (existing) throw new DomainError('already_exists', `${def.noun} ${command.lineId} already exists`);
      const values = parseLineValues(def, command.values, true);
      checkUnique(def, lines, command.lineId, values, true);
      checkParentLine(own, def, lines, values);
      checkLineReferences(own, def, lines, values);
      const line: Line = { ...(def.defaults ?? {}), ...dropUndefined(values), id: command.lineId, [def.parentField]: parentId };
      if (def.stamps?.createdBy) line[def.stamps.createdBy] = meta.userName;
      if (def.stamps?.createdDate) line[def.stamps.createdDate] = meta.at;
      return [{ type: t.added, data: { id: command.lineId, line } }];
    }
    case 'ReviseLine': {
      if (!existing) throw new DomainError('not_found', `${def.noun} not found`);
      const values = parseLineValues(def, command.values, true);
      for (const f of def.setByServer ?? []) delete values[f];
      checkUnique(def, lines, command.lineId, values, false);
      if (def.parentLine && values[def.parentLine.field] !== undefined) checkParentLine(own, def, lines, values);
      checkLineReferences(own, def, lines, values, existing);
      const changes = diff(existing, values);
      return hasChanges(changes) ? [{ type: t.revised, data: { id: command.lineId, changes } }] : [];
    }
    case 'RemoveLine': {
      if (!existing) throw new DomainError('not_found', `${def.noun} not found`);
      // Lines that belong to this one go first, so none is ever left pointing at a removed parent.
      const children = own
        .filter((c) => c.parentLine?.collection === def.name)
        .flatMap((c) => linesOfCollection(lines, c).filter((l) => String(l[c.parentLine!.field]) === command.lineId).map((l) => ({ c, l })));
      return [
        ...children.flatMap(({ c, l }) => decideLine({ type: 'RemoveLine', collection: c.name, lineId: l.id }, lines, parentId, meta, own)),
        { type: t.removed, data: { id: command.lineId } },
      ];
    }
  }
}

/** A line of a line (a timecard, a task) names a parent line of its own record; moving it elsewhere is refused. */
function checkParentLine(own: readonly CollectionDef[], def: CollectionDef, lines: LinesState, values: Record<string, unknown>) {
  if (!def.parentLine) return;
  const { collection: parent, field, noun } = def.parentLine;
  const ref = values[field];
  if (ref === undefined || ref === null || ref === '') throw new DomainError('invalid', `A ${def.noun.toLowerCase()} needs its ${(noun ?? collectionIn(own, parent).noun).toLowerCase()}`, { [field]: 'is required' });
  if (lines[parent]?.[String(ref)]) return;
  if (noun) throw new DomainError('invalid', `${noun[0].toUpperCase()}${noun.slice(1)} ${String(ref)} is not a ${noun} of this record`, { [field]: `must be a ${noun} of this record` });
  throw new DomainError('invalid', `${collectionIn(own, parent).noun} ${String(ref)} is not part of this record`, { [field]: 'must be a line of this record' });
}

/**
 * A reference to a line (`ref({ line })`: a crew's segment, a work-order item's job item) names a line
 * of the same record. Only values the command changes are checked: a line sent back whole keeps a
 * reference to a line removed since.
 */
function checkLineReferences(own: readonly CollectionDef[], def: CollectionDef, lines: LinesState, values: Record<string, unknown>, existing?: Line) {
  const fields: Record<string, string> = {};
  for (const { field, target } of referenceFields(def.schema)) {
    const v = values[field];
    if (!('line' in target) || target.elsewhere || v === undefined || v === null || (existing && String(existing[field] ?? '') === String(v))) continue;
    if (!lines[target.line]?.[String(v)]) fields[field] = `no such ${collectionIn(own, target.line).noun.toLowerCase()} in this record`;
  }
  if (Object.keys(fields).length) throw new DomainError('invalid', `Invalid value for ${Object.keys(fields).join(', ')}`, fields);
}

/**
 * A line as an event leaves it, with its own version: the version of the event that last touched
 * it, so editing one line never looks stale because another line of the record changed.
 */
export const stampVersion = (line: Line, meta?: EventMeta): Line => (meta?.version === undefined ? line : { ...line, version: meta.version });

/** The event's time on each stamped field it set (`status_since`), so the line knows how long a value has stood. */
function stampSince(def: CollectionDef, line: Line, touched: string[], meta?: EventMeta): Line {
  if (!def.stamped || !meta?.at) return line;
  const set = def.stamped.filter((f) => touched.includes(f));
  return set.length ? { ...line, ...Object.fromEntries(set.map((f) => [`${f}_since`, meta.at])) } : line;
}

/** Fold a line event of one of the record's collections (`own`) into its lines; other events leave them as they are. */
export function evolveLines(lines: LinesState, event: DomainEvent, meta: EventMeta | undefined, own: readonly CollectionDef[]): LinesState {
  const k = lineEventKindIn(own, event.type);
  if (!k) return lines;
  const name = k.def.name;
  const current = lines[name] ?? {};
  switch (k.kind) {
    case 'added': {
      const { id, line } = (event as LineAdded).data;
      return { ...lines, [name]: { ...current, [id]: stampVersion(stampSince(k.def, line, Object.keys(line), meta), meta) } };
    }
    case 'revised': {
      const { id, changes } = (event as LineRevised).data;
      if (!current[id]) return lines;
      return { ...lines, [name]: { ...current, [id]: stampVersion(stampSince(k.def, applyChanges(current[id], changes), Object.keys(changes), meta), meta) } };
    }
    case 'removed': {
      const { id } = (event as LineRemoved).data;
      const { [id]: _gone, ...rest } = current;
      return { ...lines, [name]: rest };
    }
  }
}

const blanks = new WeakMap<CollectionDef, Record<string, null>>();
/** Every field of a line's schema as null: an answer names every field, set or not, as a record's does. */
const blankLineOf = (def: CollectionDef) => {
  let b = blanks.get(def);
  if (!b) blanks.set(def, (b = Object.fromEntries(Object.keys(def.schema.shape).map((k) => [k, null]))));
  return b;
};
const fieldNames = new WeakMap<CollectionDef, string[]>();

/**
 * Each stored line's presented form, by the stored object: a fold replaces only the lines an event
 * touched, so a record's other lines are presented once, not at every moment of a replay (a job of
 * 5,000 lines folded event by event presented 12,500,000 lines). Frozen, as they are shared.
 */
const presented = new WeakMap<CollectionDef, WeakMap<Line, Line>>();

/** A line as clients see it: every field of its schema (null when never set), stored values, computed fields. */
export function presentLine(def: CollectionDef, line: Line): Line {
  let kept = presented.get(def);
  if (!kept) presented.set(def, (kept = new WeakMap()));
  const known = kept.get(line);
  if (known) return known;
  const shown = Object.freeze(shapeLine(def, line));
  kept.set(line, shown);
  return shown;
}

function shapeLine(def: CollectionDef, line: Line): Line {
  let names = fieldNames.get(def);
  if (!names) fieldNames.set(def, (names = Object.keys(blankLineOf(def))));
  // Assigned key by key (the order spreads would give): 3-4 times faster than spreading, for a job's thousands of lines.
  const shown: Record<string, unknown> = {};
  for (const k of names) shown[k] = null;
  for (const k of Object.keys(line)) shown[k] = line[k];
  return (def.computed ? Object.assign(shown, def.computed(line)) : shown) as Line;
}

/**
 * Two record or line ids (decimal, no leading zeros) in numeric order: the shorter is the smaller, else
 * the text decides. No BigInt per comparison: sorting a job's thousands of lines stays well under a millisecond.
 */
export const compareIds = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The lines of one collection in creation order (ids grow from one sequence) or the collection's own, as clients see them. */
export function linesOfCollection(lines: LinesState, def: CollectionDef): Line[] {
  const own = lines[def.name];
  if (!own) return [];
  let kept = sortedLines.get(def);
  if (!kept) sortedLines.set(def, (kept = new WeakMap()));
  let sorted = kept.get(own);
  if (!sorted) {
    sorted = Object.values(own)
      .sort(def.compare ?? ((a, b) => compareIds(String(a.id), String(b.id))))
      .map((l) => presentLine(def, l));
    kept.set(own, sorted);
  }
  // A copy: callers sort and filter what they get.
  return sorted.slice();
}

/** A collection's lines sorted and presented, by the collection's stored object (replaced only when one of its lines changes). */
const sortedLines = new WeakMap<CollectionDef, WeakMap<Record<string, Line>, Line[]>>();


/** Lines shown under a line of another collection of the record (a production's photos): `field` names their parent line, `key` is where it shows them. */
export interface LinesUnderALine {
  parent: string;
  child: string;
  field: string;
  key: string;
}

/**
 * Each parent line of `under` with its own lines under its `key`, in the order `childrenOf` gives them
 * (a job's and a ticket's lines under a line, computed on read): sets them on `out` and returns it.
 */
export function withLinesUnder(out: LinesState, under: readonly LinesUnderALine[], childrenOf: (child: string) => Line[]): LinesState {
  for (const n of under) {
    const parents = Object.values(out[n.parent] ?? {});
    if (!parents.length) continue;
    const byParent = new Map<string, Line[]>();
    for (const c of childrenOf(n.child)) {
      const key = String(c[n.field] ?? '');
      if (!byParent.has(key)) byParent.set(key, []);
      byParent.get(key)!.push(c);
    }
    out[n.parent] = Object.fromEntries(parents.map((p) => [p.id, { ...p, [n.key]: byParent.get(p.id) ?? [] }]));
  }
  return out;
}

/** A line may not take a unique field's value from another line of the same parent; a new line needs one. */
function checkUnique(def: CollectionDef, lines: LinesState, lineId: string, values: Record<string, unknown>, adding: boolean) {
  if (!def.unique || (values[def.unique] === undefined && !adding)) return;
  const key = uniqueKeyOf(values[def.unique]);
  if (!key) throw new DomainError('invalid', `${def.noun} ${def.unique} is required`, { [def.unique]: 'is required' });
  const other = Object.values(lines[def.name] ?? {}).find((l) => l.id !== lineId && uniqueKeyOf(l[def.unique!]) === key);
  if (other) throw new DomainError('already_exists', `${def.noun} ${String(values[def.unique]).trim()} already exists`, { [def.unique]: 'already exists' });
}

function dropUndefined(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
