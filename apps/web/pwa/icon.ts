/**
 * The app's icon drawn as a PNG at build time (no image tool, no binary in the repository): a white T
 * over a trench line on the header's orange, inside the middle 80% so a round mask keeps it whole.
 */
import { crc32, deflateSync } from 'node:zlib';

type Box = [x0: number, y0: number, x1: number, y1: number];

/** The white shapes, in fractions of the side. */
const SHAPES: Box[] = [
  [0.25, 0.2, 0.75, 0.33], // the T's bar
  [0.43, 0.33, 0.57, 0.68], // its stem
  [0.18, 0.74, 0.82, 0.8], // the trench line
];

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function drawIcon(size: number, ground: string): Buffer {
  const [r, g, b] = rgb(ground);
  const inShape = (x: number, y: number) => SHAPES.some(([x0, y0, x1, y1]) => x >= x0 * size && x < x1 * size && y >= y0 * size && y < y1 * size);
  // Each row: filter byte 0, then RGB.
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) raw.set(inShape(x, y) ? [255, 255, 255] : [r, g, b], row + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter choice, no interlace
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
