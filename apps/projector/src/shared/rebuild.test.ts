/** A rebuild's share of a page of `$all`: the events after where a projection's side tables stand, of the kinds it takes. */
import { describe, expect, it } from 'vitest';
import { comparePairCursors, type RecordedEvent } from '@trenchline/event-store';
import type { Projection } from './projection.ts';
import { share } from './rebuild.ts';

const store = { comparePositions: comparePairCursors };
/** A page of events at positions 100:1 ... in order, every third a bid's, the others a job's. */
const page = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ position: `${from + i}:${from + i}`, type: (from + i) % 3 === 0 ? 'BidCreated' : 'JobRevised' }) as unknown as RecordedEvent);
const takesJobs = { handles: (e: RecordedEvent) => e.type === 'JobRevised' } as unknown as Projection;

describe("a projection's share of a page", () => {
  it('given side tables not started, when a page comes, then every event counts and those of its kinds are wanted', () => {
    const { after, wanted } = share(store, { p: takesJobs, position: null }, page(100, 9));
    expect(after).toBe(9);
    expect(wanted.map((e) => e.position)).toEqual(['100:100', '101:101', '103:103', '104:104', '106:106', '107:107']);
  });

  it('given side tables standing inside the page, when it comes, then only the events after their position count', () => {
    for (const [position, count] of [['104:104', 4], ['100:100', 8], ['99:99', 9], ['108:108', 0], ['200:200', 0], ['104:103', 5]] as const) {
      const { after, wanted } = share(store, { p: takesJobs, position }, page(100, 9));
      expect(after, position).toBe(count);
      expect(wanted.every((e) => comparePairCursors(e.position, position) > 0), position).toBe(true);
    }
  });

  it('given positions of different lengths (1000 after 999), when compared, then they order as numbers, not as text', () => {
    const { after } = share(store, { p: takesJobs, position: '999:999' }, page(995, 10));
    expect(after).toBe(5);
  });
});
