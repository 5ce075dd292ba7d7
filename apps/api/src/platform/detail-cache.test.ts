/** The kept details stay within their bounds: so many records and so many bytes of JSON, the least recently read dropped first. */
import { describe, expect, it } from 'vitest';
import { keepWithin, type KeptDetail } from './detail-cache.ts';

const kept = (bytes: number): KeptDetail => ({ version: 600, streamVersion: 600, day: '2026-11-27', accountId: '1', json: Buffer.from('x'.repeat(bytes)) });

describe('kept details within their bounds', () => {
  it('given four kept answers of 40 bytes and a bound of 100, when bounded, then the two read least recently go', () => {
    const cache = new Map([['a', kept(40)], ['b', kept(40)], ['c', kept(40)], ['d', kept(40)]]);
    keepWithin(cache, { records: 16, bytes: 100 });
    expect([...cache.keys()]).toEqual(['c', 'd']);
  });

  it('given small answers past the record bound, when bounded, then the oldest go until the count holds', () => {
    const cache = new Map(['a', 'b', 'c'].map((k) => [k, kept(1)]));
    keepWithin(cache, { records: 2, bytes: 100 });
    expect([...cache.keys()]).toEqual(['b', 'c']);
  });

  it('given answers within both bounds, when bounded, then all stay', () => {
    const cache = new Map([['a', kept(10)], ['b', kept(10)]]);
    keepWithin(cache, { records: 2, bytes: 20 });
    expect(cache.size).toBe(2);
  });
});
