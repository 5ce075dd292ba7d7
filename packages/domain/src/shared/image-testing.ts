/**
 * Real image bytes for tests (issue 29): tiny PNGs of any size built here (with the caller's deflate,
 * e.g. node's zlib, or stored deflate blocks when none is given), a browser's 1x1 JPEG and WebPs
 * with the size their header says set to any value. Pure, like the rest of the domain.
 */
import { crc32 } from './images.ts';

const bytesOf = (...parts: (Uint8Array | number[])[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const latin1 = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** One PNG chunk: length, type, data, CRC over type and data. */
export function pngChunk(type: string, data: Uint8Array | number[] = []): Uint8Array {
  const typed = bytesOf(latin1(type), data);
  return bytesOf(be32(data.length), typed, be32(crc32(typed)));
}

/** zlib with stored (uncompressed) deflate blocks: valid for any decoder, large for large pictures. */
export function storedZlib(raw: Uint8Array): Uint8Array {
  const blocks: (Uint8Array | number[])[] = [[0x78, 0x01]];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const part = raw.subarray(at, at + 65535);
    const last = at + 65535 >= raw.length ? 1 : 0;
    blocks.push([last, ...le16(part.length), ...le16(~part.length & 0xffff)], part);
  }
  let a = 1;
  let b = 0;
  for (const x of raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  blocks.push(be32(((b << 16) | a) >>> 0));
  return bytesOf(...blocks);
}

export interface PngOptions {
  /** PNG colour type (0 grey, 2 RGB, 6 RGBA ...) and bit depth; default 8-bit grey. */
  colour?: number;
  depth?: number;
  /** zlib-compresses the rows (node's zlib.deflateSync); default stored blocks. */
  deflate?: (raw: Uint8Array) => Uint8Array;
  /** The rows' bytes (filter byte + pixels per row); default all zero (black). */
  rows?: Uint8Array;
  /** Adam7-interlaced (its default rows are the seven passes'). */
  interlaced?: boolean;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/** A real PNG of width x height: IHDR, one IDAT of its rows, IEND. A 4000x4000 one deflated is a few KB. */
export function pngBytes(width: number, height: number, o: PngOptions = {}): Uint8Array {
  const colour = o.colour ?? 0;
  const depth = o.depth ?? 8;
  const rowBytes = (w: number) => 1 + Math.ceil((w * CHANNELS[colour] * depth) / 8);
  const passes = o.interlaced ? ADAM7.map(([x0, y0, dx, dy]) => [Math.ceil(Math.max(0, width - x0) / dx), Math.ceil(Math.max(0, height - y0) / dy)]) : [[width, height]];
  const rows = o.rows ?? new Uint8Array(passes.reduce((n, [w, h]) => n + (w && h ? h * rowBytes(w) : 0), 0));
  const ihdr = [...be32(width), ...be32(height), depth, colour, 0, 0, o.interlaced ? 1 : 0];
  const palette = colour === 3 ? [pngChunk('PLTE', [0, 0, 0, 255, 255, 255])] : [];
  return bytesOf(PNG_SIGNATURE, pngChunk('IHDR', ihdr), ...palette, pngChunk('IDAT', (o.deflate ?? storedZlib)(rows)), pngChunk('IEND'));
}
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's bytes as a data URL, as a signature pad sends it. */
export function dataUrlOf(bytes: Uint8Array, type = 'image/png'): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/** A 1x1 JPEG as browsers make it (JFIF, DQT, SOF0, DHT, SOS, EOI). */
export const JPEG_1X1 = fromBase64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAACP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIgBXNB//9k=',
);

/** The 1x1 JPEG with its frame header (SOF0) saying width x height: what a decoder would allocate. */
export function jpegBytes(width: number, height: number): Uint8Array {
  const out = JPEG_1X1.slice();
  for (let at = 2; at < out.length; ) {
    const marker = out[at + 1];
    const length = (out[at + 2] << 8) | out[at + 3];
    if (marker === 0xc0) {
      out.set([(height >>> 8) & 0xff, height & 0xff, (width >>> 8) & 0xff, width & 0xff], at + 5);
      return out;
    }
    at += 2 + length;
  }
  throw new Error('no SOF0 in the JPEG');
}

/** A 1x1 lossy WebP as browsers make it (RIFF, one VP8 chunk). */
export const WEBP_1X1 = fromBase64('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA');

const riff = (...chunks: Uint8Array[]) => {
  const body = bytesOf(latin1('WEBP'), ...chunks);
  return bytesOf(latin1('RIFF'), le32(body.length), body);
};
const webpChunk = (fourcc: string, data: Uint8Array | number[]) => bytesOf(latin1(fourcc), le32(data.length), data, data.length % 2 ? [0] : []);
const vp8Chunk = (width: number, height: number) => {
  const data = WEBP_1X1.slice(20);
  data.set([...le16(width & 0x3fff), ...le16(height & 0x3fff)], 6);
  return webpChunk('VP8 ', data);
};

/** A lossy WebP whose VP8 frame header says width x height (at most 16383 a side). */
export const webpLossyBytes = (width: number, height: number) => riff(vp8Chunk(width, height));

/** A lossless WebP (VP8L) header saying width x height (at most 16384 a side), with a few bytes of image data. */
export function webpLosslessBytes(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return riff(webpChunk('VP8L', [0x2f, ...le32(bits >>> 0), 0, 0, 0, 0]));
}

/** An extended WebP (VP8X) whose canvas is width x height, holding a VP8 frame of that size or `frame`'s (null: no picture at all). */
export function webpExtendedBytes(width: number, height: number, frame: { width: number; height: number } | null = { width, height }): Uint8Array {
  const canvas = webpChunk('VP8X', [0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);
  return frame ? riff(canvas, vp8Chunk(frame.width, frame.height)) : riff(canvas);
}
