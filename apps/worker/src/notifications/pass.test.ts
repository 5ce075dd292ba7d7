/** When a notification pass scans an account again (pass.ts): only when something its conditions read may have moved. */
import { describe, expect, it } from 'vitest';
import { FULL_SCAN_EVERY_MS, mustScan, type ScannedAccount } from './pass.ts';

const NOW = Date.parse('2026-11-26T15:00:00Z');
const kept: ScannedAccount = { day: '2026-11-26', stamp: 'users-1|', dueAt: null, scannedAt: NOW - 30_000 };
const same = { id: '1', day: '2026-11-26', stamp: 'users-1|', changed: false };

describe('whether a pass scans an account', () => {
  it('given an account scanned 30 s ago and nothing moved, when the pass comes, then it is skipped', () => {
    expect(mustScan(kept, same, NOW)).toBe(false);
  });

  it('given an account this worker never scanned, when the pass comes, then it is scanned', () => {
    expect(mustScan(undefined, same, NOW)).toBe(true);
  });

  it('given an event of the account after the last mark, a new local day or a new users stamp, then it is scanned', () => {
    expect(mustScan(kept, { ...same, changed: true }, NOW)).toBe(true);
    expect(mustScan(kept, { ...same, day: '2026-11-27' }, NOW)).toBe(true);
    expect(mustScan(kept, { ...same, stamp: 'users-2|' }, NOW)).toBe(true);
  });

  it('given a finished report told until a time, when that time comes, then it is scanned, and not before', () => {
    const told = { ...kept, dueAt: NOW + 1000 };
    expect(mustScan(told, same, NOW)).toBe(false);
    expect(mustScan(told, same, NOW + 1000)).toBe(true);
  });

  it('given nothing moved, when the full-scan interval has passed since its scan, then it is scanned anyway', () => {
    expect(mustScan(kept, same, kept.scannedAt + FULL_SCAN_EVERY_MS - 1)).toBe(false);
    expect(mustScan(kept, same, kept.scannedAt + FULL_SCAN_EVERY_MS)).toBe(true);
  });
});
