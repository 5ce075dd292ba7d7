/**
 * The Create / Revise / Delete skeleton every record shares (bids, projects, jobs, routines,
 * do-routines, catalog records): one declaration names its commands, events, fields and collections,
 * and the aggregate adds only its own rules (awarding a bid, ticking a do-task). Event names and
 * payloads are the declaration's, so stored events read the same as before the skeleton existed.
 */
import { applyChanges, diff, hasChanges, type Changes } from './changes.ts';
import { decideLine, evolveLines, isLineCommand, type CollectionDef, type LineCommand, type LineEvent, type LinesState } from './collections.ts';
import { DomainError, type CommandMeta, type Decider, type DomainEvent, type EventMeta } from './decider.ts';
import { decideLineKeepingOneBundle } from './files.ts';
import { checkDateOrder, type DateOrder } from './date-order.ts';

/** What every record holds: its id, whether it is deleted, its fields, its dates and its lines. */
export interface RecordState<F = Record<string, unknown>> {
  id: string | null;
  deleted: boolean;
  fields: F;
  created_at: string | null;
  last_updated: string | null;
  /** Who made the last change (a line's included): a live dashboard says who changed a row. */
  last_updated_by?: string | null;
  lines: LinesState;
}

export const newRecordState = <F>(): RecordState<F> => ({ id: null, deleted: false, fields: {} as F, created_at: null, last_updated: null, last_updated_by: null, lines: {} });

/** The record exists and is not deleted; otherwise '<label> not found'. */
export function requireRecord(state: { id: string | null; deleted: boolean }, label: string) {
  if (!state.id || state.deleted) throw new DomainError('not_found', `${label} not found`);
}

/** No record under this id yet; otherwise '<label> already exists'. */
export function requireNoRecord(state: { id: string | null }, label: string) {
  if (state.id) throw new DomainError('already_exists', `${label} already exists`);
}

/** The values a client gave: unset (undefined) and empty (null) ones left out, so defaults stand. */
export function givenValues<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
}

/**
 * The command, event and id-field names of a record called `entity` ('Bid': CreateBid, BidCreated,
 * bidId ...): one naming rule, so a record declares only a name that breaks it (its own idField).
 */
export const recordNames = (entity: string) => ({
  commands: { create: `Create${entity}`, revise: `Revise${entity}`, delete: `Delete${entity}` },
  idField: `${entity[0].toLowerCase()}${entity.slice(1)}Id`,
  events: { created: `${entity}Created`, revised: `${entity}Revised`, deleted: `${entity}Deleted` },
});

/**
 * The values a client filled in: unset, null and blank ('') ones left out, so defaults stand for them
 * too; with `shape`, only its fields (a create body may carry more than the record's fields).
 */
export function filledValues(o: Record<string, unknown>, shape?: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== null && v !== undefined && v !== '' && (!shape || k in shape)));
}

export interface RecordDeclaration<S extends RecordState<object>, C extends { type: string }, E extends DomainEvent> {
  /** Aggregate name; streams are `<aggregate>-<id>`. */
  aggregate: string;
  /** What users call one record, in messages ('Bid not found'). */
  label: string;
  /** The record's own collections: its line commands and events are these. */
  collections: readonly CollectionDef[];
  /** Command types: create (carrying `idField` and `values`), revise (`values`), delete. */
  commands: { create: string; revise: string; delete: string };
  /** The create command's field holding the new record's id ('bidId'). */
  idField: string;
  /** Event types: created `{ id, values }`, revised `{ changes }`, deleted `{}`. */
  events: { created: string; revised: string; deleted: string };
  /** A new record's state when it holds more than every record does (a bid's awarded_at). */
  initialState?: S;
  /** The values a new record is stored with: its defaults, then the given values, parsed. May refuse. The command may carry what a rule needs (a locate's ticket life). */
  created(values: Record<string, unknown>, command: C, meta: CommandMeta): Record<string, unknown>;
  /** The values of an edit before they are compared with the record's (a catalog parses and trims them; a locate's dates follow its rules). */
  revised?(values: Record<string, unknown>, state: S, command: C, meta: CommandMeta): Record<string, unknown>;
  /** Pairs of dates whose later may not be before its earlier (an RFQ's PO dates): checked on the created values and the revised fields (date-order.ts says when a save is refused). */
  dateOrder?: readonly DateOrder[];
  /** The files collection that keeps one PDF bundle: a new bundle removes the previous one. */
  oneBundleIn?: string;
  /** The aggregate's own rules for line commands; `plain` decides one as every record does. */
  lines?(command: LineCommand, state: S, meta: CommandMeta, plain: (c: LineCommand) => LineEvent[]): DomainEvent[];
  /** The aggregate's other commands (AwardBid, TickDoTask). */
  decide?(command: C, state: S, meta: CommandMeta): E[];
  /** The aggregate's other events, folded into `touched` (the state with last_updated set); undefined: not one of them. */
  evolve?(touched: S, event: E, meta: EventMeta): S | undefined;
}

type Values = { values: Record<string, unknown> };

/** The decider of a record from its declaration. */
export function recordDecider<S extends RecordState<object>, C extends { type: string }, E extends DomainEvent>(d: RecordDeclaration<S, C, E>): Decider<S, C, E> {
  const own = d.collections;
  const plainLine = (state: S, meta: CommandMeta) => (c: LineCommand) =>
    d.oneBundleIn ? decideLineKeepingOneBundle(c, state.lines, state.id!, meta, own, d.oneBundleIn) : decideLine(c, state.lines, state.id!, meta, own);
  return {
    aggregate: d.aggregate,
    initialState: d.initialState ?? (newRecordState() as S),
    record: { ...d.commands, idField: d.idField, events: d.events },

    decide(command, state, meta) {
      const c = command as unknown as { type: string };
      if (isLineCommand(c)) {
        requireRecord(state, d.label);
        const plain = plainLine(state, meta);
        return (d.lines ? d.lines(c, state, meta, plain) : plain(c)) as E[];
      }
      switch (c.type) {
        case d.commands.create: {
          requireNoRecord(state, d.label);
          const id = (c as unknown as Record<string, string>)[d.idField];
          const values = d.created((c as unknown as Values).values ?? {}, command, meta);
          if (d.dateOrder) checkDateOrder({}, values, d.dateOrder);
          return [{ type: d.events.created, data: { id, values } }] as E[];
        }
        case d.commands.revise: {
          requireRecord(state, d.label);
          const values = (c as unknown as Values).values ?? {};
          const revised = d.revised ? d.revised(values, state, command, meta) : values;
          if (d.dateOrder) checkDateOrder(state.fields as Record<string, unknown>, { ...state.fields, ...revised }, d.dateOrder);
          const changes = diff(state.fields as Record<string, unknown>, revised);
          return (hasChanges(changes) ? [{ type: d.events.revised, data: { changes } }] : []) as E[];
        }
        case d.commands.delete:
          requireRecord(state, d.label);
          return [{ type: d.events.deleted, data: {} }] as E[];
      }
      if (d.decide) return d.decide(command, state, meta);
      throw new Error(`unhandled case: ${JSON.stringify(command)}`);
    },

    evolve(state, event, meta) {
      const touched = { ...state, last_updated: meta.at, last_updated_by: meta.userName ?? null };
      switch (event.type) {
        case d.events.created: {
          const data = event.data as { id: string; values: Record<string, unknown> };
          return { ...touched, id: data.id, fields: data.values, created_at: meta.at };
        }
        case d.events.revised:
          return { ...touched, fields: applyChanges(state.fields as Record<string, unknown>, (event.data as { changes: Changes }).changes) };
        case d.events.deleted:
          return { ...touched, deleted: true };
      }
      return d.evolve?.(touched, event, meta) ?? { ...touched, lines: evolveLines(state.lines, event, meta, own) };
    },
  };
}
