/**
 * Images are images (issue 29). Every picture the app keeps to draw (a ticket's drawn signature, which
 * the stamped PDF draws; photos and the background picture, which browsers draw as thumbnails and
 * pages) is read HEADER-FIRST before anything else happens to it: its format from its magic bytes
 * (never the type or name a client claims), its size from its header (PNG IHDR, JPEG SOFn, WebP
 * VP8/VP8L/VP8X), and it is refused when its format is not taken or its size is past the limits, so no
 * decoder ever inflates a 62 KB file into 4000x4000 pixels (or 50000x50000) on the server or a screen.
 *
 * Pure: bytes in, a header or a refusal out; no IO, no Buffer (the web imports the domain). Only
 * PNG, JPEG and WebP are images here: SVG is a document that can carry script, and GIF is left to
 * general files (the web re-encodes every photo as JPEG before upload, spec 2 section 9).
 * docs/input-bounds.md "Images" lists the limits.
 */
import { z } from 'zod';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ImageHeader {
  format: ImageFormat;
  /** Pixels, as the header says; a decoder would allocate width x height x 4 bytes. */
  width: number;
  height: number;
}

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const FORMAT_NAMES: Readonly<Record<ImageFormat, string>> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };

/** What an image of a kind may be: its formats and its size in pixels. */
export interface ImageLimits {
  /** The image in a refusal's words: 'a signature', 'a photo'. */
  noun: string;
  formats: readonly ImageFormat[];
  maxWidth: number;
  maxHeight: number;
  /** Width x height; at most maxWidth x maxHeight. */
  maxPixels: number;
}

/**
 * A drawn signature (the pad is a few hundred pixels wide): at most 2000x1000, PNG only (the PDF
 * draws it, and pdfkit draws PNG and JPEG; the pad makes PNG). Decoded, at most 2 M pixels, 16 MB
 * even at 16 bits per RGBA channel.
 */
export const SIGNATURE_IMAGE: ImageLimits = { noun: 'a signature', formats: ['png'], maxWidth: 2000, maxHeight: 1000, maxPixels: 2_000_000 };

/**
 * A photo or the background picture: PNG, JPEG or WebP, at most 40 megapixels and 20,000 pixels a side
 * (a browser decodes it to at most 160 MB of RGBA). Clients resize photos to 1920 px wide before upload
 * (spec 2 section 9), so this only stops what no client of the app sends.
 */
export const PHOTO_IMAGE: ImageLimits = { noun: 'a photo', formats: ['png', 'jpeg', 'webp'], maxWidth: 20_000, maxHeight: 20_000, maxPixels: 40_000_000 };

// ---- reading bytes ----------------------------------------------------------------------------

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => b[i] * 0x1000000 + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
const u32le = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + b[i + 3] * 0x1000000;
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, k) => b[at + k] === x);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let crcTable: Uint32Array | undefined;
/** CRC-32 (ISO 3309, as PNG chunks carry it). */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The format the magic bytes claim (PNG signature, JPEG SOI, RIFF....WEBP), before any header is read. */
export function imageFormatOf(b: Uint8Array): ImageFormat | null {
  if (startsWith(b, PNG_SIGNATURE)) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Bit depths each PNG colour type allows (PNG spec, table 11.1). */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const PNG_MAX_SIDE = 0x7fffffff;

/**
 * A PNG: IHDR first (its CRC right, its fields legal), then whole chunks up to IEND with image data
 * (IDAT, beginning with a zlib deflate header) and a palette before it when the colour type needs
 * one. Only the chunks' lengths are followed: nothing is inflated. Bytes after IEND are ignored.
 */
function pngHeader(b: Uint8Array): ImageHeader | null {
  if (b.length < 8 + 25 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return null;
  if (crc32(b.subarray(12, 29)) !== u32be(b, 29)) return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const [depth, colour, compression, filter, interlace] = b.subarray(24, 29);
  if (!width || !height || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) return null;
  if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
  let palette = false;
  let data = false;
  for (let at = 33; at + 12 <= b.length; ) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type) || length > PNG_MAX_SIDE || at + 12 + length > b.length) return null;
    if (type === 'IEND') return data ? { format: 'png', width, height } : null;
    if (type === 'PLTE') palette = true;
    if (type === 'IDAT') {
      if (!data) {
        // zlib: deflate (CM 8, window at most 32 KB) and a header whose check bits are right (RFC 1950).
        const cmf = b[at + 8];
        if (length < 2 || (cmf & 0x0f) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | b[at + 9]) % 31 !== 0) return null;
        if (colour === 3 && !palette) return null;
      }
      data = true;
    } else if (data && /^[A-Z]/.test(type)) return null; // a critical chunk (PLTE, another IHDR) after the image data
    at += 12 + length;
  }
  return null; // no IEND: cut short
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** What a PNG's image data must inflate to: rows of a filter byte (0 to 4) then `bytes` bytes, `count` of them, pass by pass when interlaced. */
export interface PngScanlines {
  /** The IDAT chunks' data, in order: one zlib stream. */
  data: Uint8Array[];
  rows: { count: number; bytes: number }[];
  interlaced: boolean;
}

/**
 * A readable PNG's image data and the rows it must inflate to (PNG spec 7.2 and 8.2), for a reader that
 * inflates it (the PDF worker, before pdfkit decodes it): the header says the size, so the inflated
 * data can be capped at exactly that and a stream that inflates to more (a bomb behind a small header),
 * to less, or to rows with an unknown filter is never handed to a decoder. Null when it is no readable PNG.
 */
export function pngScanlines(b: Uint8Array): PngScanlines | null {
  const header = imageHeader(b);
  if (header?.format !== 'png') return null;
  const { width, height } = header;
  const bits = CHANNELS[b[25]] * b[24];
  const interlaced = b[28] === 1;
  const rowBytes = (w: number) => Math.ceil((w * bits) / 8);
  const rows = interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => ({ w: Math.ceil(Math.max(0, width - x0) / dx), h: Math.ceil(Math.max(0, height - y0) / dy) }))
        .filter((p) => p.w > 0 && p.h > 0)
        .map((p) => ({ count: p.h, bytes: rowBytes(p.w) }))
    : [{ count: height, bytes: rowBytes(width) }];
  const data: Uint8Array[] = [];
  for (let at = 33; ; ) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    if (type === 'IDAT') data.push(b.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') return { data, rows, interlaced };
    at += 12 + length;
  }
}

/** Whether inflated PNG data is exactly the rows the header says, each with a known filter (0 None to 4 Paeth). */
export function scanlinesSound(rows: PngScanlines['rows'], inflated: Uint8Array): boolean {
  let at = 0;
  for (const { count, bytes } of rows)
    for (let r = 0; r < count; r++, at += 1 + bytes) if (at >= inflated.length || inflated[at] > 4) return false;
  return at === inflated.length;
}

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** A JPEG: segments from SOI, each marker and length followed, until a frame header (SOFn) before the scan. */
function jpegHeader(b: Uint8Array): ImageHeader | null {
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    while (b[at] === 0xff) at++; // fill bytes
    const marker = b[at++];
    if (marker === undefined) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || marker === 0x00) return null; // no frame before the scan or the end
    if (at + 2 > b.length) return null;
    const length = u16be(b, at);
    if (length < 2 || at + length > b.length) return null;
    if (isSof(marker)) {
      const components = b[at + 7];
      const height = u16be(b, at + 3);
      const width = u16be(b, at + 5);
      if (length < 8 || length !== 8 + 3 * components || components < 1 || components > 4 || !width || !height) return null;
      return { format: 'jpeg', width, height };
    }
    at += length;
  }
  return null;
}

/** One WebP chunk's picture size: lossy (VP8, a key frame's start code) or lossless (VP8L, its signature byte). */
function webpFrame(b: Uint8Array, fourcc: string, at: number, size: number): { width: number; height: number } | null {
  if (fourcc === 'VP8 ') {
    if (size < 10 || (b[at] & 1) !== 0 || !startsWith(b, [0x9d, 0x01, 0x2a], at + 3)) return null;
    const width = u16le(b, at + 6) & 0x3fff;
    const height = u16le(b, at + 8) & 0x3fff;
    return width && height ? { width, height } : null;
  }
  if (size < 5 || b[at] !== 0x2f) return null;
  const bits = u32le(b, at + 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

/**
 * A WebP: RIFF....WEBP, then whole chunks within the RIFF's own length. A simple file is one VP8 or
 * VP8L chunk; an extended one begins with VP8X (the canvas) and its picture or frames may not be
 * larger than the canvas.
 */
function webpHeader(b: Uint8Array): ImageHeader | null {
  const end = 8 + u32le(b, 4);
  if (b.length < 20 || end > b.length || end < 20) return null;
  let canvas: { width: number; height: number } | null = null;
  let frames = 0;
  for (let at = 12; at + 8 <= end; ) {
    const fourcc = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    const data = at + 8;
    if (data + size > end) return null;
    if (at === 12) {
      if (fourcc === 'VP8X') {
        if (size < 10) return null;
        canvas = { width: u24le(b, data + 4) + 1, height: u24le(b, data + 7) + 1 };
      } else if (fourcc === 'VP8 ' || fourcc === 'VP8L') {
        const frame = webpFrame(b, fourcc, data, size);
        return frame && { format: 'webp', ...frame };
      } else return null;
    } else if (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANMF') {
      const frame = fourcc === 'ANMF' ? (size >= 16 ? { width: u24le(b, data + 6) + 1, height: u24le(b, data + 9) + 1 } : null) : webpFrame(b, fourcc, data, size);
      if (!frame || !canvas || frame.width > canvas.width || frame.height > canvas.height) return null;
      frames++;
    }
    at = data + size + (size & 1);
  }
  return canvas && frames ? { format: 'webp', ...canvas } : null;
}

/**
 * The image's format and size from its header, or null when the bytes are not a whole, readable PNG,
 * JPEG or WebP header (an SVG, HTML, a PDF, a GIF, a cut-off or damaged file). Reads only headers and
 * chunk or segment lengths: the cost does not grow with the pixels.
 */
export function imageHeader(bytes: Uint8Array): ImageHeader | null {
  switch (imageFormatOf(bytes)) {
    case 'png':
      return pngHeader(bytes);
    case 'jpeg':
      return jpegHeader(bytes);
    case 'webp':
      return webpHeader(bytes);
    default:
      return null;
  }
}

// ---- refusing -----------------------------------------------------------------------------------

const oneOf = (names: string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`);
const formatsText = (limits: ImageLimits) => `a ${oneOf(limits.formats.map((f) => FORMAT_NAMES[f]))} image`;
const sizeText = (l: ImageLimits) =>
  l.maxPixels >= l.maxWidth * l.maxHeight ? `${l.maxWidth}x${l.maxHeight}` : `${l.maxPixels / 1_000_000} megapixels and ${l.maxWidth} pixels a side`;

/**
 * Why these bytes are not an image of this kind, in words that follow the field's name ('must be a
 * PNG, JPEG or WebP image', 'is 4000x4000 pixels; a signature may be at most 2000x1000'); null when
 * they are one. Decided from the header alone, before anything decodes the image.
 */
export function checkImage(bytes: Uint8Array, limits: ImageLimits): string | null {
  const header = imageHeader(bytes);
  if (!header) {
    const claimed = imageFormatOf(bytes);
    return claimed && limits.formats.includes(claimed) ? `is a damaged or incomplete ${FORMAT_NAMES[claimed]} image; it must be ${formatsText(limits)}` : `must be ${formatsText(limits)}`;
  }
  if (!limits.formats.includes(header.format)) return `must be ${formatsText(limits)} (this is a ${FORMAT_NAMES[header.format]} image)`;
  const { width, height } = header;
  if (width > limits.maxWidth || height > limits.maxHeight || width * height > limits.maxPixels) return `is ${width}x${height} pixels; ${limits.noun} may be at most ${sizeText(limits)}`;
  return null;
}

// ---- data URLs ----------------------------------------------------------------------------------

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) BASE64_VALUE[BASE64.charCodeAt(i)] = i;

/** Strict base64 (RFC 4648, padded, no whitespace) as bytes; null for anything else. */
export function base64Bytes(s: string): Uint8Array | null {
  if (s.length % 4 !== 0) return null;
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((s.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    const last = i + 4 === s.length;
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const c = s.charCodeAt(i + k);
      const v = c === 0x3d && last && k >= 4 - pad ? 0 : c < 128 ? BASE64_VALUE[c] : -1;
      if (v < 0) return null;
      n = (n << 6) | v;
    }
    out[o++] = n >>> 16;
    if (o < out.length) out[o++] = (n >>> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}

const DATA_URL = /^data:image\/(png|jpeg|webp);base64,/;

/**
 * Why a data URL is not an image of this kind; null when it is one. It must name a taken format
 * (`data:image/png;base64,` for a signature), hold strict base64, and its bytes must BE that format
 * (an SVG or a page wrapped as a PNG is refused) within the limits.
 */
export function checkImageDataUrl(value: string, limits: ImageLimits): string | null {
  const m = DATA_URL.exec(value);
  const named = m?.[1] as ImageFormat | undefined;
  const urls = oneOf(limits.formats.map((f) => `data:${IMAGE_CONTENT_TYPES[f]};base64,...`));
  if (!named || !limits.formats.includes(named)) return `must be ${formatsText(limits)} as a data URL (${urls})`;
  const bytes = base64Bytes(value.slice(m![0].length));
  if (!bytes) return `must be ${formatsText(limits)} as a data URL with valid base64 after '${m![0]}'`;
  const refused = checkImage(bytes, limits);
  if (refused) return refused;
  if (imageFormatOf(bytes) !== named) return `must be ${formatsText(limits)}: its bytes are not the ${FORMAT_NAMES[named]} its data URL names`;
  return null;
}

/** The data URL when it passes the check, else null: what a PDF may draw (older data saved before the check included). */
export const drawableImage = (value: unknown, limits: ImageLimits): string | null => (typeof value === 'string' && checkImageDataUrl(value, limits) === null ? value : null);

/**
 * A field holding an image as a data URL ('' is null): at most `maxChars` characters, then the image
 * check of checkImageDataUrl; a 400 names the field with its reason.
 */
export const imageDataUrl = (limits: ImageLimits, maxChars: number, tooLong: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ message: `must be ${formatsText(limits)} as a data URL` })
      .max(maxChars, tooLong)
      .superRefine((v, ctx) => {
        const refused = checkImageDataUrl(v, limits);
        if (refused) ctx.addIssue({ code: 'custom', message: refused });
      })
      .nullable()
      .optional(),
  );
