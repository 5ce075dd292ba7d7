/**
 * The last gate before pdfkit decodes a picture (issue 29). A signature is drawn only when it passes
 * the domain's header check (a PNG of at most 2000x1000: packages/domain/src/shared/images.ts) AND
 * its image data inflates, capped at exactly the size its header says, to whole rows with known
 * filters. pdfkit's PNG reader (png-js) inflates with no cap and throws from inside zlib's callback on
 * corrupt data, which no try/catch can hold and which ends the worker's process; so nothing it would
 * choke on reaches it. An image that fails (saved before the check, or damaged) is printed as
 * unreadable text instead: the PDF is still made.
 */
import { inflateSync } from 'node:zlib';
import { drawableImage, pngScanlines, scanlinesSound, SIGNATURE_IMAGE } from '@trenchline/domain';

/** What the PDF prints where a signature's picture cannot be drawn. */
export const UNREADABLE_SIGNATURE = 'Signature image unreadable';

/** The PNG data URL when pdfkit can draw it safely, else null. */
export function drawableSignature(image: unknown): string | null {
  const url = drawableImage(image, SIGNATURE_IMAGE);
  if (!url) return null;
  const png = pngScanlines(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
  // png-js reads rows for every pass of an interlaced picture, even the passes one under 5 pixels a side does not have.
  if (!png || (png.interlaced && png.rows.length < 7)) return null;
  const size = png.rows.reduce((n, r) => n + r.count * (1 + r.bytes), 0);
  try {
    return scanlinesSound(png.rows, inflateSync(Buffer.concat(png.data), { maxOutputLength: size + 1 })) ? url : null;
  } catch {
    return null; // corrupt, cut short, or more than the header says
  }
}
