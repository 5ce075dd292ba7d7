import { describe, expect, it } from 'vitest';
import { comparePositions, lastWritePosition, notePosition, resetPosition } from './http';

describe('read your own writes', () => {
  it("keeps the latest write position, comparing 'txid:position' cursors as numbers", () => {
    resetPosition();
    notePosition('3012:49');
    notePosition('3012:9');
    notePosition('not a cursor');
    expect(lastWritePosition()).toBe('3012:49');
    notePosition('3013:1');
    expect(lastWritePosition()).toBe('3013:1');
    expect(comparePositions('10', '9')).toBe(1);
  });
});
