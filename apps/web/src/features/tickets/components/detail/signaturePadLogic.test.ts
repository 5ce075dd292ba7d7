import { describe, expect, it } from 'vitest';
import { canvasPoint, hasInk } from './signaturePadLogic';

describe('the signature pad', () => {
  it('given a 600×200 canvas shown at 300×100 from (10, 20), when the pointer is at (160, 70), then it draws at (300, 100)', () => {
    expect(canvasPoint({ left: 10, top: 20, width: 300, height: 100 }, 160, 70, 600, 200)).toEqual({ x: 300, y: 100 });
  });

  it('given a canvas not laid out yet (no size), then the pointer is taken as it is', () => {
    expect(canvasPoint({ left: 0, top: 0, width: 0, height: 0 }, 5, 6, 600, 200)).toEqual({ x: 5, y: 6 });
  });

  it('given a tap or nothing, then there is no signature; given a stroke of 30 px, then there is', () => {
    expect(hasInk([])).toBe(false);
    expect(hasInk([[{ x: 1, y: 1 }]])).toBe(false);
    expect(hasInk([[{ x: 0, y: 0 }, { x: 3, y: 4 }], [{ x: 10, y: 0 }, { x: 10, y: 25 }]])).toBe(true);
  });
});
