import { describe, expect, it } from 'vitest';
import { contrast, readableOn } from './contrast';

describe('readable colours', () => {
  it('given black on white, then the ratio is 21; the same colour twice is 1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#228be6', '#228be6')).toBe(1);
  });

  it("given Mantine's blue 6 on white (3.55:1), when made readable, then it is darkened to at least 4.6:1", () => {
    expect(contrast('#228be6', '#ffffff')).toBeLessThan(4.5);
    const c = readableOn('#228be6', '#ffffff');
    expect(c).not.toBe('#228be6');
    expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.6);
  });

  it('given a colour that already reads, then it is kept as it is', () => {
    expect(readableOn('#1864ab', '#ffffff')).toBe('#1864ab');
  });
});
