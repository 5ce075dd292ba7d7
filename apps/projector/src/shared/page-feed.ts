/**
 * `$all` read once for several readers that each take its pages in order at their own pace (a replay's
 * projections): page k is read after page k-1, the next page is read ahead while the current one is
 * applied, and no reader gets more than `ahead` pages past the slowest one, which bounds the memory.
 */
import type { EventStore, RecordedEvent } from '@trenchline/event-store';

export class PageFeed {
  private readonly pages = new Map<number, Promise<RecordedEvent[]>>();
  private last: { k: number; page: Promise<RecordedEvent[]> } | null = null;
  private readonly finished: number[];
  private waiters: (() => void)[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly from: string | null,
    private readonly limit: number,
    readers: number,
    private readonly ahead = 2,
  ) {
    this.finished = Array.from({ length: readers }, () => -1);
  }

  /** Page `k` (0-based) for `reader`; empty once `$all` is read to its end. */
  async page(reader: number, k: number): Promise<RecordedEvent[]> {
    while (k > Math.min(...this.finished) + this.ahead) await new Promise<void>((r) => this.waiters.push(r));
    const page = this.fetch(k);
    if (k + 1 <= Math.min(...this.finished) + this.ahead) this.fetch(k + 1); // read ahead
    return page;
  }

  /** `reader` is done with page `k`: pages every reader is done with are let go. */
  done(reader: number, k: number): void {
    this.finished[reader] = k;
    const slowest = Math.min(...this.finished);
    for (const key of this.pages.keys()) if (key <= slowest) this.pages.delete(key);
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** A reader that stops early (its end or a failure) no longer holds the others back. */
  leave(reader: number): void {
    this.done(reader, Number.MAX_SAFE_INTEGER);
  }

  private fetch(k: number): Promise<RecordedEvent[]> {
    const known = this.pages.get(k);
    if (known) return known;
    if (this.last && this.last.k >= k) throw new Error(`page ${k} was already let go`);
    // Pages are chained: each starts after the last event of the one before.
    let page = this.last?.page ?? null;
    for (let n = this.last ? this.last.k + 1 : 0; n <= k; n++) {
      const prev: Promise<RecordedEvent[]> | null = page;
      page = prev
        ? prev.then((p) => (p.length ? this.store.readAll({ fromPosition: p[p.length - 1].position, limit: this.limit }) : []))
        : this.store.readAll({ fromPosition: this.from, limit: this.limit });
      page.catch(() => undefined); // awaited by the readers; a failed read must not be unhandled here
      this.pages.set(n, page);
      this.last = { k: n, page };
    }
    return page!;
  }
}
