/**
 * Catalog records: the small records settings keeps (crews, customers, vendors, raw materials,
 * products, SVA coordinators). Each is one declaration; from it come the aggregate (add, revise,
 * delete with `<Entity>Added / Revised / Deleted` events), its registry entry, its list read model,
 * its REST routes and the settings screen's table. A catalog with lines (a product's raw materials)
 * declares them with defineCollection on the same aggregate name and lists them in `collections`.
 * The settings area lists its catalogs; registry.ts composes them.
 */
import { z } from 'zod';
import type { Changes } from './changes.ts';
import type { CollectionDef, FieldSpec, LineCommand, LineEvent } from './collections.ts';
import { invalidFromZod } from './collections.ts';
import { DomainError, type Decider, type DomainEvent } from './decider.ts';
import { recordDecider, type RecordState } from './record-decider.ts';
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
  /** What a blank name says, when the spec gives words for it (a crew: 'Please type a crew name to assign'); else '<Name label> is required'. */
  nameRequired?: string;
  /** The field a save's message names: '{code} saved successfully' (spec 3 section 8: a product); else the screen says 'Saved successfully!'. */
  savedBy?: string;
  /** Values of a new record before the user's. */
  defaults?: Record<string, unknown>;
  /** No two live records of the account may share this field's value (case and spacing ignored). */
  unique?: string;
  /** Columns of the settings screen's table, in order. */
  fields: FieldSpec[];
  /** Words the list's text filter matches. */
  search: string[];
  /** Its lines, declared on the same aggregate (a product's raw materials). */
  collections?: readonly CollectionDef[];
}

export type CatalogState = RecordState<Record<string, unknown>>;

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

export const catalogEvents = (def: Pick<CatalogRecordDef, 'entity'>) => ({
  added: `${def.entity}Added`,
  revised: `${def.entity}Revised`,
  deleted: `${def.entity}Deleted`,
});

/** A catalog's declaration; the settings area lists it and registry.ts composes the catalogs (`catalogRecords`). */
export const defineCatalogRecord = (def: CatalogRecordDef): CatalogRecordDef => def;

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
    throw new DomainError('invalid', def.nameRequired ?? `${nameLabel(def)} is required`, { [def.nameField]: def.nameRequired ?? 'is required' });
  }
}

/** What a save of a record says (spec 3 section 8): '{code} saved successfully' for a catalog saved by its code, else 'Saved successfully!'. */
export function catalogSavedMessage(def: Pick<CatalogRecordDef, 'savedBy'>, record: Record<string, unknown>): string {
  const by = def.savedBy ? record[def.savedBy] : null;
  return typeof by === 'string' && by.trim() ? `${by.trim()} saved successfully` : 'Saved successfully!';
}

export function catalogDecider(def: CatalogRecordDef): Decider<CatalogState, CatalogCommand, CatalogEvent> {
  const t = catalogEvents(def);
  return recordDecider<CatalogState, CatalogCommand, CatalogEvent>({
    aggregate: def.aggregate,
    label: def.label,
    collections: def.collections ?? [],
    commands: { create: 'AddCatalogRecord', revise: 'ReviseCatalogRecord', delete: 'DeleteCatalogRecord' },
    idField: 'id',
    events: { created: t.added, revised: t.revised, deleted: t.deleted },
    created(given) {
      const values = { ...(def.defaults ?? {}), ...parseValues(def, given) };
      requireName(def, values);
      return values;
    },
    revised(given) {
      const values = parseValues(def, given);
      // Blanking the name is refused like a new record without one.
      if (def.nameField in values) requireName(def, values);
      return values;
    },
  });
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

