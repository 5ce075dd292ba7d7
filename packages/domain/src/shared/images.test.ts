/** Images are images (issue 29): the header reader and the checks, on real tiny PNG, JPEG and WebP bytes. */
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { base64Bytes, checkImage, checkImageDataUrl, crc32, drawableImage, imageDataUrl, imageFormatOf, imageHeader, PHOTO_IMAGE, pngScanlines, scanlinesSound, SIGNATURE_IMAGE } from './images.ts';
import { dataUrlOf, JPEG_1X1, jpegBytes, pngBytes, pngChunk, storedZlib, webpExtendedBytes, webpLosslessBytes, webpLossyBytes, WEBP_1X1 } from './image-testing.ts';

const deflate = (raw: Uint8Array) => new Uint8Array(deflateSync(raw));
const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
const PNG_SIG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('imageHeader: format and size from the header', () => {
  it.each([
    ['an 8-bit grey PNG (stored deflate)', pngBytes(3, 2), 'png', 3, 2],
    ['an RGBA PNG (zlib)', pngBytes(300, 90, { colour: 6, deflate }), 'png', 300, 90],
    ['a 16-bit RGB PNG', pngBytes(4, 7, { colour: 2, depth: 16, deflate }), 'png', 4, 7],
    ['a 1-bit palette PNG', pngBytes(5, 5, { colour: 3, depth: 1 }), 'png', 5, 5],
    ['a browser\'s 1x1 JPEG', JPEG_1X1, 'jpeg', 1, 1],
    ['a JPEG whose frame says 640x480', jpegBytes(640, 480), 'jpeg', 640, 480],
    ['a browser\'s 1x1 lossy WebP', WEBP_1X1, 'webp', 1, 1],
    ['a lossy WebP of 16383x20', webpLossyBytes(16383, 20), 'webp', 16383, 20],
    ['a lossless WebP of 7x9', webpLosslessBytes(7, 9), 'webp', 7, 9],
    ['an extended WebP with a 300x200 canvas', webpExtendedBytes(300, 200), 'webp', 300, 200],
  ])('given %s, when its header is read, then its format and size are found', (_what, bytes, format, width, height) => {
    expect(imageHeader(bytes)).toEqual({ format, width, height });
  });

  it('given a progressive JPEG (SOF2 after the tables), when read, then its frame gives the size', () => {
    const progressive = jpegBytes(1024, 768);
    const sof = progressive.findIndex((b, i) => b === 0xff && progressive[i + 1] === 0xc0);
    progressive[sof + 1] = 0xc2;
    expect(imageHeader(progressive)).toEqual({ format: 'jpeg', width: 1024, height: 768 });
  });

  it('given bytes after a PNG\'s IEND (a label a test appends), when read, then they are ignored', () => {
    expect(imageHeader(concat(pngBytes(2, 2), text('photo of the bore pit')))).toEqual({ format: 'png', width: 2, height: 2 });
  });

  it('given a PNG header claiming 50000x50000 over a few bytes of data, when read, then the size is read without inflating anything', () => {
    const bomb = pngBytes(50_000, 50_000, { rows: new Uint8Array(64), deflate });
    expect(bomb.length).toBeLessThan(200);
    expect(imageHeader(bomb)).toEqual({ format: 'png', width: 50_000, height: 50_000 });
  });

  const cutPng = pngBytes(10, 10, { deflate });
  const badCrc = pngBytes(10, 10);
  badCrc[29] ^= 0xff;
  const longEnd = pngBytes(10, 10);
  longEnd[longEnd.length - 9] = 100; // IEND says it holds 100 bytes the file does not have
  const noWidth = concat(PNG_SIG, pngChunk('IHDR', [0, 0, 0, 0, 0, 0, 0, 1, 8, 0, 0, 0, 0]), pngChunk('IDAT', deflate(new Uint8Array(2))), pngChunk('IEND'));
  const badDepth = concat(PNG_SIG, pngChunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 3, 2, 0, 0, 0]), pngChunk('IDAT', deflate(new Uint8Array(2))), pngChunk('IEND'));
  const paletteless = concat(PNG_SIG, pngChunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 3, 0, 0, 0]), pngChunk('IDAT', deflate(new Uint8Array(2))), pngChunk('IEND'));
  const noData = concat(PNG_SIG, pngChunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]), pngChunk('IEND'));
  const notZlib = concat(PNG_SIG, pngChunk('IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]), pngChunk('IDAT', text('<svg>')), pngChunk('IEND'));
  // A scan (SOS) before the frame header: nothing says the size of what it holds.
  const sosFirst = concat(JPEG_1X1.subarray(0, 2), new Uint8Array([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]), JPEG_1X1.subarray(2));
  const noFrame = JPEG_1X1.slice();
  const sof = noFrame.findIndex((b, i) => b === 0xff && noFrame[i + 1] === 0xc0);
  noFrame[sof + 1] = 0xe5; // the frame header made an APP5 segment
  const riffPastEnd = WEBP_1X1.slice(0, 36);
  const chunkPastRiff = WEBP_1X1.slice();
  chunkPastRiff[17] = 0x01; // the VP8 chunk says 278 bytes in a RIFF of 34
  const notKeyFrame = WEBP_1X1.slice();
  notKeyFrame[20] |= 1;
  it.each([
    ['an SVG', text(SVG)],
    ['an HTML page', text('<!doctype html><script>alert(1)</script>')],
    ['a PDF', text('%PDF-1.4 plan')],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
    ['nothing', new Uint8Array()],
    ['the PNG signature alone', PNG_SIG],
    ['an SVG behind the PNG signature', concat(PNG_SIG, text(SVG))],
    ['a PNG cut before IEND', cutPng.subarray(0, cutPng.length - 12)],
    ['a PNG cut inside its IDAT', cutPng.subarray(0, 50)],
    ['a PNG whose IHDR CRC is wrong', badCrc],
    ['a PNG whose last chunk runs past the file', longEnd],
    ['a PNG 0 pixels wide', noWidth],
    ['a PNG of bit depth 3', badDepth],
    ['a palette PNG without its palette', paletteless],
    ['a PNG with no image data', noData],
    ['a PNG whose data is not zlib', notZlib],
    ['a JPEG whose scan comes before its frame header', sosFirst],
    ['a JPEG with no frame header', noFrame],
    ['a JPEG cut after its first segments', JPEG_1X1.subarray(0, 30)],
    ['the JPEG start alone', new Uint8Array([0xff, 0xd8, 0xff])],
    ['a WebP whose RIFF length runs past the file', riffPastEnd],
    ['a WebP whose chunk runs past its RIFF', chunkPastRiff],
    ['a lossy WebP that is not a key frame', notKeyFrame],
    ['an extended WebP whose frame is larger than its canvas', webpExtendedBytes(100, 100, { width: 16000, height: 16000 })],
    ['an extended WebP with no picture', webpExtendedBytes(100, 100, null)],
  ])('given %s, when its header is read, then it is no image', (_what, bytes) => {
    expect(imageHeader(bytes)).toBeNull();
  });

  it('given the magic bytes alone, then the claimed format is told apart from what is proven', () => {
    expect(imageFormatOf(PNG_SIG)).toBe('png');
    expect(imageHeader(PNG_SIG)).toBeNull();
    expect(imageFormatOf(text(SVG))).toBeNull();
  });

  it('given stored and compressed PNGs, then both inflate to the same rows (the builder makes real PNGs)', () => {
    const rows = Uint8Array.from({ length: 3 * 4 }, (_, i) => (i % 4 === 0 ? 0 : i * 20));
    expect(new Uint8Array(inflateSync(storedZlib(rows)))).toEqual(rows);
    expect(crc32(text('IEND'))).toBe(0xae426082);
  });
});

describe('checkImage: refused before any decode, in words that follow the field name', () => {
  it('given a 4000x4000 PNG of a few KB as a signature, then it is refused by its size', () => {
    const big = pngBytes(4000, 4000, { deflate });
    expect(big.length).toBeLessThan(40_000);
    expect(checkImage(big, SIGNATURE_IMAGE)).toBe('is 4000x4000 pixels; a signature may be at most 2000x1000');
  });

  it('given a signature of 2000x1000, then it is taken; one pixel more either way is refused', () => {
    expect(checkImage(pngBytes(2000, 1000, { deflate }), SIGNATURE_IMAGE)).toBeNull();
    expect(checkImage(pngBytes(2001, 1000, { deflate }), SIGNATURE_IMAGE)).toBe('is 2001x1000 pixels; a signature may be at most 2000x1000');
    expect(checkImage(pngBytes(1000, 1001, { deflate }), SIGNATURE_IMAGE)).toMatch(/^is 1000x1001 pixels/);
  });

  it('given a photo header claiming 50000x50000, then it is refused by its size', () => {
    expect(checkImage(pngBytes(50_000, 50_000, { rows: new Uint8Array(64), deflate }), PHOTO_IMAGE)).toBe('is 50000x50000 pixels; a photo may be at most 40 megapixels and 20000 pixels a side');
  });

  it('given photos at and past 40 megapixels or 20000 a side, then only those within both are taken', () => {
    expect(checkImage(webpExtendedBytes(20_000, 2_000, { width: 16383, height: 2000 }), PHOTO_IMAGE)).toBeNull();
    expect(checkImage(webpExtendedBytes(20_000, 2_001, { width: 16383, height: 2001 }), PHOTO_IMAGE)).toMatch(/^is 20000x2001 pixels; a photo may be at most 40 megapixels/);
    expect(checkImage(webpExtendedBytes(20_001, 10, { width: 10, height: 10 }), PHOTO_IMAGE)).toMatch(/^is 20001x10 pixels/);
    expect(checkImage(jpegBytes(6000, 4000), PHOTO_IMAGE)).toBeNull();
    expect(checkImage(jpegBytes(8000, 6000), PHOTO_IMAGE)).toMatch(/^is 8000x6000 pixels/);
  });

  it('given an SVG or a page as a photo, then it must be a PNG, JPEG or WebP image', () => {
    expect(checkImage(text(SVG), PHOTO_IMAGE)).toBe('must be a PNG, JPEG or WebP image');
    expect(checkImage(concat(PNG_SIG, text(SVG)), PHOTO_IMAGE)).toBe('is a damaged or incomplete PNG image; it must be a PNG, JPEG or WebP image');
  });

  it('given a JPEG or a WebP as a signature, then it must be a PNG image', () => {
    expect(checkImage(JPEG_1X1, SIGNATURE_IMAGE)).toBe('must be a PNG image (this is a JPEG image)');
    expect(checkImage(WEBP_1X1, SIGNATURE_IMAGE)).toBe('must be a PNG image (this is a WebP image)');
  });
});

describe('base64Bytes', () => {
  it('given base64 of every length, then it decodes as node does', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 0xff);
      expect(base64Bytes(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
    }
  });

  it.each(['abc', 'ab=c', 'a===', '====', 'YW Jj', 'YW\nJj', 'YWJj\u00e9===', 'YW-_'])('given %j, then it is not base64', (s) => {
    expect(base64Bytes(s)).toBeNull();
  });
});

describe('checkImageDataUrl and the signature field', () => {
  const signature = dataUrlOf(pngBytes(300, 90, { colour: 6, deflate }));

  it('given a drawn signature as a PNG data URL, then it is taken and drawable', () => {
    expect(checkImageDataUrl(signature, SIGNATURE_IMAGE)).toBeNull();
    expect(drawableImage(signature, SIGNATURE_IMAGE)).toBe(signature);
  });

  it.each([
    ['an SVG wrapped as a PNG data URL', `data:image/png;base64,${btoa(SVG)}`, 'must be a PNG image'],
    ['HTML wrapped as a PNG data URL', `data:image/png;base64,${btoa('<html><body>hi</body></html>')}`, 'must be a PNG image'],
    ['an SVG data URL', `data:image/svg+xml;base64,${btoa(SVG)}`, 'must be a PNG image as a data URL (data:image/png;base64,...)'],
    ['a GIF data URL', 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'must be a PNG image as a data URL (data:image/png;base64,...)'],
    ['a JPEG data URL', dataUrlOf(JPEG_1X1, 'image/jpeg'), 'must be a PNG image as a data URL (data:image/png;base64,...)'],
    ['a JPEG labelled PNG', dataUrlOf(JPEG_1X1), 'must be a PNG image (this is a JPEG image)'],
    ['broken base64', 'data:image/png;base64,iVBORw0KGgo', "must be a PNG image as a data URL with valid base64 after 'data:image/png;base64,'"],
    ['the PNG signature alone', 'data:image/png;base64,iVBORw0KGgo=', 'is a damaged or incomplete PNG image; it must be a PNG image'],
    ['a 4000x4000 PNG', dataUrlOf(pngBytes(4000, 4000, { deflate })), 'is 4000x4000 pixels; a signature may be at most 2000x1000'],
  ])('given %s, then it is refused and not drawable', (_what, url, why) => {
    expect(checkImageDataUrl(url, SIGNATURE_IMAGE)).toBe(why);
    expect(drawableImage(url, SIGNATURE_IMAGE)).toBeNull();
  });

  it('given a kind taking PNG and JPEG, when a data URL names one and holds the other, then it is refused', () => {
    const both = { ...SIGNATURE_IMAGE, formats: ['png', 'jpeg'] as const };
    expect(checkImageDataUrl(dataUrlOf(JPEG_1X1, 'image/jpeg'), both)).toBeNull();
    expect(checkImageDataUrl(dataUrlOf(JPEG_1X1, 'image/png'), both)).toBe('must be a PNG or JPEG image: its bytes are not the PNG its data URL names');
  });

  it('given the zod field, then a refusal names the field and an empty value is null', () => {
    const schema = z.object({ signature_image: imageDataUrl(SIGNATURE_IMAGE, 400_000, 'too long') });
    expect(schema.parse({ signature_image: signature })).toEqual({ signature_image: signature });
    expect(schema.parse({ signature_image: '' })).toEqual({ signature_image: null });
    const refused = schema.safeParse({ signature_image: `data:image/png;base64,${btoa(SVG)}` });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues).toMatchObject([{ path: ['signature_image'], message: 'must be a PNG image' }]);
    expect(schema.safeParse({ signature_image: `data:image/png;base64,${'A'.repeat(400_004)}` }).error!.issues[0].message).toBe('too long');
  });
});

describe('pngScanlines: what a PNG\'s data must inflate to', () => {
  it('given a plain PNG, then one pass of height rows of a filter byte and the pixels\' bytes', () => {
    const png = pngBytes(300, 90, { colour: 6, deflate })!;
    const lines = pngScanlines(png)!;
    expect(lines.rows).toEqual([{ count: 90, bytes: 1200 }]);
    expect(lines.interlaced).toBe(false);
    expect(scanlinesSound(lines.rows, new Uint8Array(inflateSync(concat(...lines.data))))).toBe(true);
  });

  it('given an interlaced PNG, then its seven Adam7 passes (100 pixels in all for 10x10); a 1-bit grey one packs eight pixels to a byte', () => {
    expect(pngScanlines(pngBytes(10, 10, { interlaced: true }))!.rows).toEqual([
      { count: 2, bytes: 2 },
      { count: 2, bytes: 1 },
      { count: 1, bytes: 3 },
      { count: 3, bytes: 2 },
      { count: 2, bytes: 5 },
      { count: 5, bytes: 5 },
      { count: 5, bytes: 10 },
    ]);
    expect(pngScanlines(pngBytes(17, 2, { depth: 1 }))!.rows).toEqual([{ count: 2, bytes: 3 }]);
  });

  it('given inflated data, then it is sound only when it is exactly the rows, each with a filter of 0 to 4', () => {
    const rows = [{ count: 2, bytes: 3 }];
    expect(scanlinesSound(rows, new Uint8Array([4, 9, 9, 9, 0, 1, 2, 3]))).toBe(true);
    expect(scanlinesSound(rows, new Uint8Array([5, 9, 9, 9, 0, 1, 2, 3]))).toBe(false);
    expect(scanlinesSound(rows, new Uint8Array([0, 9, 9, 9, 0, 1, 2]))).toBe(false);
    expect(scanlinesSound(rows, new Uint8Array([0, 9, 9, 9, 0, 1, 2, 3, 0]))).toBe(false);
  });

  it('given no PNG, then no scanlines', () => {
    expect(pngScanlines(JPEG_1X1)).toBeNull();
    expect(pngScanlines(PNG_SIG)).toBeNull();
  });
});
