/**
 * The EventStoreDB adapter runs the shared contract against the server at ESDB_URL. Without one
 * (ESDB_URL unset or nothing answering) the suite is skipped and says so, never silently passed.
 */
import { describe, it } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { eventStoreDbUnavailable } from './esdb-probe.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';

const url = process.env.ESDB_URL;
const reason = await eventStoreDbUnavailable(url);
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
