/**
 * Picks the adapter from the environment (README lists the variables): EVENT_STORE=postgres (default)
 * or eventstoredb with ESDB_URL. Record ids stay in Postgres whichever adapter holds the events.
 */
import type pg from 'pg';
import type { EventStore } from './port.ts';
import { DEFAULT_DATABASE_URL, PostgresEventStore } from './postgres.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';

export type EventStoreKind = EventStore['kind'];

export interface CreateEventStoreOptions {
  /** Defaults to EVENT_STORE, else 'postgres'. */
  kind?: string;
  /** Postgres URL; defaults to DATABASE_URL, else postgres://postgres@127.0.0.1:5432/trenchline. */
  url?: string;
  /** An existing Postgres pool for the Postgres adapter (the caller closes it). */
  pool?: pg.Pool;
  /** EventStoreDB connection string; defaults to ESDB_URL. */
  esdbUrl?: string;
}

export function createEventStore(options: CreateEventStoreOptions = {}): EventStore {
  const kind = options.kind ?? process.env.EVENT_STORE ?? 'postgres';
  switch (kind) {
    case 'postgres':
      // A given pool carries its own connection settings (the LISTEN connection copies them).
      if (options.pool) return new PostgresEventStore({ pool: options.pool, url: options.url });
      return new PostgresEventStore({ url: options.url ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL });
    case 'eventstoredb': {
      const url = options.esdbUrl ?? process.env.ESDB_URL;
      if (!url) throw new Error('EVENT_STORE=eventstoredb needs ESDB_URL (e.g. esdb://127.0.0.1:2113?tls=false)');
      return new EventStoreDbEventStore({ url });
    }
    default:
      throw new Error(`unknown EVENT_STORE ${JSON.stringify(kind)}: use 'postgres' or 'eventstoredb'`);
  }
}
