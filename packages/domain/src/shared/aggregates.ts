/**
 * What an area declares to the registry: its aggregates (decider, view, list row, list name), its
 * child collections, settings catalogs and reports, as plain arrays. packages/domain/src/registry.ts
 * composes every area; nothing registers itself by being imported.
 */
import { catalogDecider, catalogUniqueKey, catalogView, type CatalogRecordDef, type CatalogState } from './catalog-records.ts';
import type { CollectionDef, LinesState } from './collections.ts';
import type { Decider, DomainEvent } from './decider.ts';
import type { ReportDef } from './report-catalogue.ts';
import type { BulkListDecl } from './bulk-lists.ts';
import type { z } from 'zod';

/**
 * A record's state as code over every aggregate reads it (the command handler, the registry): its id,
 * whether it is deleted, and its fields and lines when it has them; the rest is the aggregate's own.
 */
export type AnyState = { id: string | null; deleted: boolean; fields?: object; lines?: LinesState };

export interface AggregateDef<S extends AnyState = AnyState> {
  name: string;
  /** What users call one record, for messages ('Bid not found'). */
  label: string;
  /** Its editable fields (the whole-record edit's schema), when it declares them here. */
  fields?: z.ZodObject<z.ZodRawShape>;
  decider: Decider<S, { type: string }, DomainEvent>;
  /** The record as clients see it. */
  view(state: S, today: string): Record<string, unknown> & { id: string };
  /** A stored list row refreshed for today (days-away and colours move with the date). */
  listRow(view: Record<string, unknown>, today: string): Record<string, unknown>;
  /** Name of its list read model and live-update room (none for an account's one-of records). */
  list?: string;
  /** No two live records of the account may hold the same key (the API claims keys as it appends). */
  unique?: { field: string; of(state: S): string | null; message(value: unknown): string };
  /**
   * A counter whose numbers must be free keys of another aggregate's `unique` (the job counter, and
   * job numbers typed by hand): the command handler finds which numbers after `after` records of
   * `scope` hold and gives them to each plain command as `held`, for the counter to pass them by.
   */
  skipsClaimed?(state: S): { scope: string; after: number } | null;
  /**
   * A new record's number: the next of the account's document counter `counter` (a kind: 'ticket'),
   * handed out by the API's create once the request is valid and carried in the create command's
   * `field` ('ticketNumber').
   */
  number?: { counter: string; field: string };
  /** The account has exactly one record of this aggregate, opened by the API with `OpenRecord`. */
  singleton?: boolean;
  /** Writers queue on the record's snapshot row and decide from it (document counters). */
  snapshot?: boolean;
  /** Bump when its evolve or an upcaster of its events changes what a stream folds to: older snapshots are then ignored. */
  stateSchema?: number;
  /** The catalog declaration, for catalog records. */
  catalog?: CatalogRecordDef;
  /** The record's own editable fields, which concurrent edits merge by (default: `state.fields`). */
  fieldsOf?(state: S): Record<string, unknown>;
  /** Its lines as clients see them, with what a line shows of other lines (a segment's totals, a production's photos). */
  presentLines?(lines: LinesState, today?: string, state?: S): LinesState;
  /**
   * Commands on other records that a write of this record brings with it, from the state before and
   * after the write (an approved ticket's production counted on its job): the command handler decides
   * and appends them in the same transaction, so both records change or neither. A record named that
   * does not exist (or is deleted) is skipped.
   */
  alongside?(before: S, after: S): AlongsideCommand[];
  /**
   * How the account's trail names the record and links to it (shared/trail.ts `recordShown`): the
   * view fields of its number and title when they are not the usual ones, and its web page ('/bid/:id').
   */
  shownAs?: { number?: string; title?: string; page?: string };
}

/** A command on another record, written with the command that brought it (AggregateDef.alongside). */
export interface AlongsideCommand {
  aggregate: string;
  id: string;
  command: { type: string; [field: string]: unknown };
}

/** One area's declarations; registry.ts composes the areas. */
export interface Area {
  aggregates: readonly AggregateDef[];
  collections: readonly CollectionDef[];
  /** Settings catalogs (each is an aggregate too, made by the registry from its declaration). */
  catalogs?: readonly CatalogRecordDef[];
  reports?: readonly ReportDef[];
  /** The lists a bulk action may act on, by name (docs/bulk.md). */
  bulk?: Readonly<Record<string, BulkListDecl>>;
}

/** A record's lines as clients see them (see AggregateDef.presentLines). */
export const linesAsShown = (def: AggregateDef, lines: LinesState | undefined, today?: string, state?: AnyState): LinesState => (def.presentLines ? def.presentLines(lines ?? {}, today, state) : (lines ?? {}));

/** The fields an edit of the record changes and merges by. */
export const recordFieldsOf = (def: AggregateDef) => (state: AnyState): Record<string, unknown> | undefined => (def.fieldsOf ? def.fieldsOf(state) : (state.fields as Record<string, unknown> | undefined));

/** A list row shown as stored. */
export const sameRow = (v: Record<string, unknown>) => v;

/** A catalog's aggregate: its decider, view, list and unique key, from its declaration. */
export function catalogAggregate(c: CatalogRecordDef): AggregateDef<CatalogState> {
  return {
    name: c.aggregate,
    label: c.label,
    decider: catalogDecider(c),
    view: (s) => catalogView(c, s),
    listRow: sameRow,
    list: c.list,
    unique: c.unique ? { field: c.unique, of: (s) => catalogUniqueKey(c, s), message: (v) => `${c.label} "${String(v ?? '').trim().replace(/\s+/g, ' ')}" already exists` } : undefined,
    catalog: c,
    shownAs: { title: c.nameField },
  };
}
