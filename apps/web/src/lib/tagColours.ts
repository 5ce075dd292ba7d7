/**
 * How a colour tag shows on a row or a cell: a light tint of the colour, a 4 px edge of it on the left,
 * and dark text, so any link or label on it stays readable (WCAG AA, 4.5:1). Saturated row paint made
 * a blue link on a blue row nearly vanish. tagColours.test.ts checks the contrast of every tag colour.
 */
import type { CSSProperties } from 'react';

type Rgb = readonly [number, number, number];

/** The tag colours rows and cells carry: the job/ticket/sales/project/RFQ colours and the status colours. */
const TAG_RGB: Record<string, Rgb> = {
  green: [64, 192, 87],
  teal: [18, 184, 134],
  blue: [34, 139, 230],
  cyan: [21, 170, 191],
  pink: [230, 73, 128],
  purple: [121, 80, 242],
  violet: [121, 80, 242],
  grape: [190, 75, 219],
  yellow: [250, 210, 40],
  orange: [253, 126, 20],
  red: [250, 82, 82],
  gray: [134, 142, 150],
};

/** Every tag colour by name; each also comes light ('Green Lt'), a paler tint. */
export const TAG_COLOURS = Object.keys(TAG_RGB).flatMap((c) => {
  const name = c[0].toUpperCase() + c.slice(1);
  return [name, `${name} Lt`];
});

export interface TagTint {
  /** The cell's or row's background: the colour mixed into white. */
  background: string;
  /** The left edge: the colour itself. */
  edge: string;
  /** The text on the tint. */
  text: string;
}

/** The text on every tint, and the link colour on it (Mantine's blue 9: 4.5:1 on each tint, 'blue 6' is not even on white). */
export const TINT_TEXT = '#1a1b1e';
export const TINT_LINK = '#1864ab';

/** No tag (None, unknown): a plain row. */
export const NO_TINT: TagTint = { background: 'transparent', edge: 'transparent', text: 'inherit' };

const hex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (rgb: Rgb, share: number): Rgb => rgb.map((v) => v * share + 255 * (1 - share)) as unknown as Rgb;

/** The colour's RGB and whether it is the light kind ('Green Lt', 'green.1' style names are not tags). */
function parse(colour: string | null | undefined): { rgb: Rgb; light: boolean } | null {
  if (!colour) return null;
  const light = / lt$/i.test(colour.trim());
  const rgb = TAG_RGB[colour.trim().replace(/ lt$/i, '').toLowerCase()];
  return rgb ? { rgb, light } : null;
}

/** The tint, edge and text of a tag colour ('Green', 'Green Lt', 'red'); None or unknown: NO_TINT. */
export function tagTint(colour: string | null | undefined): TagTint {
  const c = parse(colour);
  if (!c) return NO_TINT;
  return { background: hex(mix(c.rgb, c.light ? 0.1 : 0.2)), edge: hex(c.light ? mix(c.rgb, 0.6) : c.rgb), text: TINT_TEXT };
}

/**
 * A row's or cell's style for a tag colour: the tint, the inset left edge, the dark text, and its links in
 * TINT_LINK (Mantine's anchors read --mantine-color-anchor); none for no tag.
 */
export function tagStyle(colour: string | null | undefined): CSSProperties {
  const t = tagTint(colour);
  if (t === NO_TINT) return {};
  return { background: t.background, boxShadow: `inset 4px 0 0 ${t.edge}`, color: t.text, ['--mantine-color-anchor' as string]: TINT_LINK };
}

/** The contrast ratio of two #rrggbb colours (1 to 21): lib/contrast's, under the name the tag tests use. */
export { contrast as contrastRatio } from './contrast';
