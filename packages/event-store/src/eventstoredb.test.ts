/**
 * The EventStoreDB adapter runs the shared contract against the server at ESDB_URL. Without one
 * (ESDB_URL unset or nothing answering) the suite is skipped and says so, never silently passed.
 */
import { describe, it } from 'vitest';
import { EventStoreDBClient } from '@eventstore/db-client';
import { eventStoreContract } from './contract.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';

const url = process.env.ESDB_URL;

/** Why the server cannot be used, or null when a read of $all succeeds within a few seconds. */
async function unavailable(): Promise<string | null> {
  if (!url) return 'ESDB_URL is unset';
  let client: EventStoreDBClient | undefined;
  try {
    client = EventStoreDBClient.connectionString(url);
    const probe = (async () => {
      for await (const _ of client.readAll({ maxCount: 1, deadline: 3_000 })) break;
    })();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 4 s')), 4_000).unref());
    await Promise.race([probe, timeout]);
    return null;
  } catch (e) {
    return `${url}: ${(e as Error).message}`;
  } finally {
    await client?.dispose().catch(() => undefined);
  }
}

const reason = await unavailable();
if (reason) {
  console.log(`EventStoreDB adapter contract skipped: no server at ESDB_URL (${reason})`);
  describe.skip('EventStoreDB adapter (skipped: no server at ESDB_URL)', () => {
    it('passes the EventStore contract', () => undefined);
  });
} else {
  eventStoreContract('EventStoreDB', async () => {
    const store = new EventStoreDbEventStore({ url: url! });
    return { store, cleanup: () => store.close() };
  });
}
