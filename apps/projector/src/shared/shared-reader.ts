/**
 * `$all` read once per projector process rather than once per runner: the runners of one process mostly
 * stand at the same position and ask for the same page. Identical reads in flight share one query, and
 * FULL pages are kept a while (a full page can never change: the events after its last one are the next
 * page's). A short page (the head) is never kept: a later reader must see the events written since.
 */
import type { EventStore, RecordedEvent } from '@trenchline/event-store';

export type AllReader = Pick<EventStore, 'readAll'>;

export class SharedReader implements AllReader {
  private readonly inFlight = new Map<string, Promise<RecordedEvent[]>>();
  /** Full pages by (from, limit), oldest first (a Map keeps insertion order). */
  private readonly full = new Map<string, RecordedEvent[]>();

  constructor(
    private readonly store: AllReader,
    /** Full pages kept: enough for runners a few batches apart to share them. */
    private readonly keep = 64,
  ) {}

  readAll(o: { fromPosition: string | null; limit: number }): Promise<RecordedEvent[]> {
    const key = `${o.fromPosition ?? ''}|${o.limit}`;
    const kept = this.full.get(key);
    if (kept) return Promise.resolve(kept);
    const flying = this.inFlight.get(key);
    if (flying) return flying;
    const read = this.store.readAll({ fromPosition: o.fromPosition, limit: o.limit }).then(
      (page) => {
        this.inFlight.delete(key);
        if (page.length === o.limit) this.keepPage(key, page);
        return page;
      },
      (e) => {
        this.inFlight.delete(key);
        throw e;
      },
    );
    this.inFlight.set(key, read);
    return read;
  }

  private keepPage(key: string, page: RecordedEvent[]) {
    this.full.set(key, page);
    if (this.full.size > this.keep) this.full.delete(this.full.keys().next().value!);
  }
}
