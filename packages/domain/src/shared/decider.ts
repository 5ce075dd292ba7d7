/**
 * The decider pattern every aggregate follows: `decide` turns a command into events, `evolve` folds
 * events into state. Both are pure: the clock, ids and the acting user arrive in `CommandMeta`.
 */

/** Who acts, for which account, and when. Filled by the API from the session and its clock. */
export interface CommandMeta {
  accountId: string;
  userId: string;
  userName: string;
  /** The author's role when the command was made (docs/roles.md); absent for the system's own writers. */
  role?: string;
  /** ISO-8601 instant of the command. */
  at: string;
}

/** A business event as the domain sees it: a past-tense type and its data. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** What evolve may read of an event's envelope (the event store keeps the rest). */
export interface EventMeta {
  at: string;
  userId: string;
  userName: string;
  /** The event's version in its stream, when the folder knows it: a line keeps the version that last touched it. */
  version?: number;
}

export interface Decider<S, C, E extends DomainEvent = DomainEvent> {
  /** Aggregate name; its streams are `<aggregate>-<id>`. */
  aggregate: string;
  initialState: S;
  evolve(state: S, event: E, meta: EventMeta): S;
  decide(command: C, state: S, meta: CommandMeta): E[];
  /** A record's create, revise and delete commands (recordDecider's): the generic routes and bulk actions send them. */
  record?: RecordCommands;
}

/** The command types of a record, and the create command's field holding the new id ('bidId'). */
export interface RecordCommands {
  create: string;
  revise: string;
  delete: string;
  idField: string;
  /** Its created, revised and deleted event types (the registry lists every event type from them). */
  events?: { created: string; revised: string; deleted: string };
}

/** Fold a stream's events into state. */
export function fold<S, E extends DomainEvent>(
  decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>,
  events: Iterable<{ type: string; data: unknown; meta: EventMeta }>,
): S {
  let state = decider.initialState;
  for (const e of events) state = decider.evolve(state, e as unknown as E, e.meta);
  return state;
}

/** Codes of rule failures; the API maps each to an HTTP status in one place. */
export type DomainErrorCode =
  | 'not_found' // the record does not exist or was deleted
  | 'already_exists'
  | 'invalid' // a rule refused the values (400, names the field)
  | 'gone' // the line or record was removed (410 says by whom and when)
  | 'conflict'; // a state rule (not a version conflict) refused the command

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** field name -> reason, for 'invalid' */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function assertNever(x: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(x)}`);
}
