import { describe, expect, it } from 'vitest';
import { changesWaiting } from './OfflineBadge';

describe('the offline badge', () => {
  it('given changes waiting, then it says how many, in plain words', () => {
    expect(changesWaiting(0)).toBe('Offline — 0 changes waiting');
    expect(changesWaiting(1)).toBe('Offline — 1 change waiting');
    expect(changesWaiting(4)).toBe('Offline — 4 changes waiting');
  });
});
