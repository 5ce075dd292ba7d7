/**
 * Catalog records: the small records settings keeps (crews, customers, vendors, raw materials,
 * products, SVA coordinators). Each is one declaration; from it come the aggregate (add, revise,
 * delete with `<Entity>Added / Revised / Deleted` events), its registry entry, its list read model,
 * its REST routes and the settings screen's table. A catalog with lines (a product's raw materials)
 * declares them with defineCollection on the same aggregate name.
 */
import { z } from 'zod';
import { applyChanges, diff, hasChanges, type Changes } from './changes.ts';
import { decideLine, evolveLines, isLineCommand, type LineCommand, type LineEvent, type LinesState } from './collections.ts';
import { assertNever, DomainError, type Decider, type DomainEvent } from './decider.ts';
import type { FieldSpec } from './collections.ts';
import { invalidFromZod } from './collections.ts';
import { uniqueKeyOf } from './keys.ts';

export interface CatalogRecordDef {
  /** Aggregate name; streams are `<aggregate>-<id>`. */
  aggregate: string;
  /** What users call one record ('Crew'). */
  label: string;
  /** Event prefix: 'Crew' -> CrewAdded / CrewRevised / CrewDeleted. */
  entity: string;
  /** List read model, live room and table name ('crews'). */
  list: string;
  /** REST path of the list under /api ('/settings/crews'); one record is `<path>/:id`. */
  path: string;
  /** Fields a record may have. Unknown keys are dropped; wrong types are a 400 naming the field. */
  schema: z.ZodObject<z.ZodRawShape>;
  /** The field that names the record: required (never blank) and the list's sort order. */
  nameField: string;
  /** Values of a new record before the user's. */
  defaults?: Record<string, unknown>;
  /** No two live records of the account may share this field's value (case and spacing ignored). */
  unique?: string;
  /** Columns of the settings screen's table, in order. */
  fields: FieldSpec[];
  /** Words the list's text filter matches. */
  search: string[];
}

export interface CatalogState {
  id: string | null;
  deleted: boolean;
  fields: Record<string, unknown>;
  created_at: string | null;
  last_updated: string | null;
  lines: LinesState;
}

export type CatalogCommand =
  | { type: 'AddCatalogRecord'; id: string; values: Record<string, unknown> }
  | { type: 'ReviseCatalogRecord'; values: Record<string, unknown> }
  | { type: 'DeleteCatalogRecord' }
  | LineCommand;

export type CatalogEvent =
  | DomainEvent<string, { id: string; values: Record<string, unknown> }>
  | DomainEvent<string, { changes: Changes }>
  | DomainEvent<string, Record<string, never>>
  | LineEvent;

/** The key two records may not share (shared/keys.ts). */
export { uniqueKeyOf };

const catalogRegistry = new Map<string, CatalogRecordDef>();

export const catalogEvents = (def: Pick<CatalogRecordDef, 'entity'>) => ({
  added: `${def.entity}Added`,
  revised: `${def.entity}Revised`,
  deleted: `${def.entity}Deleted`,
});

export function defineCatalogRecord(def: CatalogRecordDef): CatalogRecordDef {
  if (catalogRegistry.has(def.aggregate)) throw new Error(`catalog ${def.aggregate} declared twice`);
  catalogRegistry.set(def.aggregate, def);
  return def;
}

export const catalogRecords = () => [...catalogRegistry.values()];

/** The name of a record as users read it in a message: 'Crew name', 'Customer name'. */
const nameLabel = (def: CatalogRecordDef) => def.fields.find((f) => f.name === def.nameField)?.label ?? def.nameField;

function parseValues(def: CatalogRecordDef, values: unknown) {
  const res = def.schema.partial().safeParse(values ?? {});
  if (!res.success) throw invalidFromZod(res.error);
  const out = Object.fromEntries(Object.entries(res.data as Record<string, unknown>).filter(([, v]) => v !== undefined));
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') out[k] = v.trim();
  return out;
}

function requireName(def: CatalogRecordDef, values: Record<string, unknown>) {
  const name = values[def.nameField];
  if (typeof name !== 'string' || !name.trim()) {
    throw new DomainError('invalid', `${nameLabel(def)} is required`, { [def.nameField]: 'is required' });
  }
}

export function catalogDecider(def: CatalogRecordDef): Decider<CatalogState, CatalogCommand, CatalogEvent> {
  const t = catalogEvents(def);
  const initialState: CatalogState = { id: null, deleted: false, fields: {}, created_at: null, last_updated: null, lines: {} };
  const requireRecord = (s: CatalogState) => {
    if (!s.id || s.deleted) throw new DomainError('not_found', `${def.label} not found`);
  };
  return {
    aggregate: def.aggregate,
    initialState,
    decide(command, state, meta) {
      if (isLineCommand(command)) {
        requireRecord(state);
        return decideLine(command, state.lines, state.id!, meta, def.aggregate);
      }
      switch (command.type) {
        case 'AddCatalogRecord': {
          if (state.id) throw new DomainError('already_exists', `${def.label} already exists`);
          const values = { ...(def.defaults ?? {}), ...parseValues(def, command.values) };
          requireName(def, values);
          return [{ type: t.added, data: { id: command.id, values } }];
        }
        case 'ReviseCatalogRecord': {
          requireRecord(state);
          const values = parseValues(def, command.values);
          // Blanking the name is refused like a new record without one.
          if (def.nameField in values) requireName(def, values);
          const changes = diff(state.fields, values);
          return hasChanges(changes) ? [{ type: t.revised, data: { changes } }] : [];
        }
        case 'DeleteCatalogRecord':
          requireRecord(state);
          return [{ type: t.deleted, data: {} }];
        default:
          return assertNever(command);
      }
    },
    evolve(state, event, meta) {
      const touched = { ...state, last_updated: meta.at };
      switch (event.type) {
        case t.added: {
          const d = event.data as { id: string; values: Record<string, unknown> };
          return { ...touched, id: d.id, fields: d.values, created_at: meta.at };
        }
        case t.revised:
          return { ...touched, fields: applyChanges(state.fields, (event.data as { changes: Changes }).changes) };
        case t.deleted:
          return { ...touched, deleted: true };
        default:
          return { ...touched, lines: evolveLines(state.lines, event, meta) };
      }
    },
  };
}

/** A catalog record as clients see it: every declared field (null when unset), with its dates. */
export function catalogView(def: CatalogRecordDef, state: CatalogState): Record<string, unknown> & { id: string } {
  const keys = Object.keys(def.schema.shape);
  return {
    id: state.id!,
    ...Object.fromEntries(keys.map((k) => [k, state.fields[k] ?? null])),
    created_at: state.created_at,
    last_updated: state.last_updated,
  };
}

/** Which record of a unique catalog a command would leave holding which key. */
export function catalogUniqueKey(def: CatalogRecordDef, state: CatalogState): string | null {
  if (!def.unique || !state.id || state.deleted) return null;
  return uniqueKeyOf(state.fields[def.unique]);
}

/** Parse values with a catalog's schema (for routes that validate before deciding). */
export const parseCatalogValues = parseValues;
