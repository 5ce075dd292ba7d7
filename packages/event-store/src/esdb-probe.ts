/**
 * Whether the EventStoreDB server at ESDB_URL can be used by a test: the adapter's contract suite and
 * the command handler's exactly-once suite pick the adapter the same way (skipped, and saying so,
 * without a server; never silently passed).
 */
import { EventStoreDBClient } from '@eventstore/db-client';

/** Why the server at `url` cannot be used, or null when a read of $all succeeds within a few seconds. */
export async function eventStoreDbUnavailable(url = process.env.ESDB_URL): Promise<string | null> {
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
