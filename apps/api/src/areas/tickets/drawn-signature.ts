/**
 * A signature for the demo tickets as a pad would draw it: a pen stroke (a looping cursive line, different
 * for each signer) rendered to a PNG, so the demo's signatures look like signatures on screen and in the
 * stamped PDF. Written with node:zlib alone: a PNG is IHDR, deflated scanlines and IEND, each CRC-checked.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A drawn signature, 300 × 90, dark ink on white, as a PNG data URL; `seed` varies the stroke. */
export function drawnSignature(seed: number): string {
  const w = 300;
  const h = 90;
  const ink = new Uint8Array(w * h).fill(255);
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x + dx * 0.6);
        const py = Math.round(y + dy * 0.6);
        if (px >= 0 && px < w && py >= 0 && py < h) ink[py * w + px] = Math.min(ink[py * w + px], 30);
      }
  };
  // Slanted loops of uneven height along a wavering baseline (a hand's rhythm), then an underline flourish.
  const loops = 6 + (seed % 3);
  for (let t = 0; t <= 1; t += 0.0003) {
    const a = t * Math.PI * 2 * loops;
    const height = (14 + 10 * Math.abs(Math.sin(t * 9 + seed))) * Math.min(1, (1 - t) * 4, t * 6);
    const up = Math.max(0, Math.sin(a)) * height + Math.min(0, Math.sin(a)) * 4;
    const x = 18 + t * 250 + Math.cos(a) * 7 + up * 0.35;
    dot(x, 52 - up + Math.sin(t * 5 + seed) * 3);
  }
  for (let t = 0; t <= 1; t += 0.001) dot(40 + t * 220, 70 + Math.sin(t * Math.PI) * -5 + t * 3);
  const rows = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) {
    rows[y * (w + 1)] = 0;
    for (let x = 0; x < w; x++) rows[y * (w + 1) + 1 + x] = ink[y * w + x];
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
