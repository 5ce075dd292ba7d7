/** The row colours a job, a ticket and a sales organisation may carry (spec 2 section 4), and their backgrounds. */

/** The 17 row colours: None and eight colours, each strong (opacity .7) and light ('Lt', .3). */
const JOB_COLOUR_RGB = { Green: [64, 192, 87], Blue: [34, 139, 230], Pink: [230, 73, 128], Purple: [121, 80, 242], Yellow: [250, 210, 40], Orange: [253, 126, 20], Red: [250, 82, 82], Gray: [134, 142, 150] } as const;
export const JOB_COLOURS = ['None', ...Object.keys(JOB_COLOUR_RGB).flatMap((c) => [c, `${c} Lt`])] as [string, ...string[]];

export function jobColourBackground(colour: unknown): string | null {
  if (typeof colour !== 'string') return null;
  const light = colour.endsWith(' Lt');
  const rgb = JOB_COLOUR_RGB[(light ? colour.slice(0, -3) : colour) as keyof typeof JOB_COLOUR_RGB];
  return rgb ? `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${light ? 0.3 : 0.7})` : null;
}
