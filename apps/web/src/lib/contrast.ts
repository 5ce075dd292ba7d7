/**
 * Colours that read (WCAG AA, 4.5:1 for text): a palette colour darkened step by step until its text is
 * readable on the background it sits on. The theme uses it so every filled button, light badge and dimmed
 * note passes axe's colour-contrast rule without each screen picking shades.
 */

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** The relative luminance of a '#rrggbb' colour (WCAG 2). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two '#rrggbb' colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const darken = (hex: string, by: number) => `#${channels(hex).map((v) => Math.round(v * (1 - by)).toString(16).padStart(2, '0')).join('')}`;

/** `color`, darkened in 5 % steps until it reaches `ratio` against `background` (a little over AA by default). */
export function readableOn(color: string, background: string, ratio = 4.6): string {
  for (let by = 0; by < 1; by += 0.05) {
    const c = darken(color, by);
    if (contrast(c, background) >= ratio) return c;
  }
  return '#000000';
}
