/**
 * The signature pad's arithmetic (no browser needed): a pointer's place on the drawn canvas (the
 * canvas is drawn at its own pixel size and may be shown smaller or larger), and whether anything
 * was drawn worth sending.
 */
export interface Point {
  x: number;
  y: number;
}

/** Where a pointer at (clientX, clientY) falls on a canvas of `width` × `height` pixels shown in `rect`. */
export function canvasPoint(rect: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number, width: number, height: number): Point {
  const sx = rect.width > 0 ? width / rect.width : 1;
  const sy = rect.height > 0 ? height / rect.height : 1;
  return { x: (clientX - rect.left) * sx, y: (clientY - rect.top) * sy };
}

/** A stroke's length in canvas pixels. */
const strokeLength = (s: readonly Point[]) => s.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - s[i].x, p.y - s[i].y), 0);

/** A signature is more than a tap: at least `min` pixels of ink over all strokes. */
export const hasInk = (strokes: readonly (readonly Point[])[], min = 20) => strokes.reduce((sum, s) => sum + strokeLength(s), 0) >= min;
