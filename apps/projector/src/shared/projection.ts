/**
 * A projection turns events into read-model rows. It declares the tables it owns (so a replay can
 * rebuild them side by side) and gets, per batch, a transaction and a table-name mapper.
 */
import type { Knex } from 'knex';
import type { RecordedEvent } from '@trenchline/event-store';
import type { LiveChange } from '@trenchline/platform';

export interface BatchContext {
  trx: Knex.Transaction;
  /** The physical name of one of the projection's tables (differs during a replay). */
  table(name: string): string;
  /** Queue a live change; sent only after the batch commits. */
  publish(change: LiveChange): void;
  /** Today's date for date-relative fields of published rows (the projector's clock, not the domain's). */
  today: string;
}

export interface Projection {
  name: string;
  /**
   * Bumped when the projection changes what it writes (default 1): a projector finding the checkpoint
   * at a lower version rebuilds the tables beside the live ones and swaps them in (shared/rebuild.ts).
   */
  version?: number;
  /** Tables this projection owns, rebuilt by a replay. */
  tables: string[];
  /** Whether the projection wants an event at all (cheap filter before the batch). */
  handles(event: RecordedEvent): boolean;
  /** Apply events in order. Must be idempotent per row (upserts), so re-applying changes nothing. */
  applyBatch(events: RecordedEvent[], ctx: BatchContext): Promise<void>;
}

export function defineProjection(p: Projection): Projection {
  return p;
}

/** A projection of one event at a time, for simple read models. */
export function definePerEventProjection(p: Omit<Projection, 'applyBatch'> & { apply(event: RecordedEvent, ctx: BatchContext): Promise<void> }): Projection {
  return {
    ...p,
    async applyBatch(events, ctx) {
      for (const e of events) await p.apply(e, ctx);
    },
  };
}

/** The version a projection declares (1 unless it says). */
export const versionOf = (p: Projection): number => p.version ?? 1;
