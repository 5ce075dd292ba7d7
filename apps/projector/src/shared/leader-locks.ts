/**
 * The advisory locks that make one runner per projection the leader. One projector process holds all
 * its projections' locks on one connection (a session holds any number of advisory locks), rather than
 * one connection per projection: with a dozen projections that is a dozen fewer connections per process.
 * A process must not run two runners of one projection on one LeaderLocks: a session's locks are
 * re-entrant, so both would lead.
 */
import pg from 'pg';
import { sessionSettings } from '@trenchline/read-model';

export class LeaderLocks {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private lostListeners = new Set<() => void>();
  /** Queries on one pg.Client run one at a time (pg deprecates issuing one while another runs). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly databaseUrl: string) {}

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      // The app's session settings (its name, the statement limit): it only ever asks pg_try_advisory_lock, never waits.
      const client = new pg.Client({ connectionString: this.databaseUrl, ...sessionSettings() });
      client.on('error', () => this.lose(client));
      client.on('end', () => this.lose(client));
      try {
        await client.connect();
      } catch (e) {
        this.connecting = null;
        throw e;
      }
      this.client = client;
      this.connecting = null;
      return client;
    })();
    return this.connecting;
  }

  /** The connection went: every lock on it is gone, so every runner stops leading. */
  private lose(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    for (const l of this.lostListeners) l();
  }

  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  tryLock(key: number): Promise<boolean> {
    return this.serial(async () => {
      const { rows } = await (await this.connect()).query('select pg_try_advisory_lock($1) as ok', [key]);
      return Boolean(rows[0].ok);
    });
  }

  unlock(key: number): Promise<void> {
    return this.serial(async () => {
      await this.client?.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    });
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
