/**
 * The last gate before pdfkit decodes a signature (issue 29): only what it can draw safely is drawn,
 * anything else is printed as 'Signature image unreadable' and the PDF is still made.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dataUrlOf, pngBytes } from '@trenchline/domain/shared/image-testing.ts';
import { drawableSignature, renderPdf, UNREADABLE_SIGNATURE, type ReportDocument } from './index.ts';

const OUT = join(tmpdir(), 'trenchline-report-render');
const POPPLER = existsSync('/usr/bin/pdfimages') && existsSync('/usr/bin/pdftotext');
const deflate = (raw: Uint8Array) => new Uint8Array(deflateSync(raw));
/** 300x90 RGBA rows, as a signature pad draws them: a dark stroke on transparent. */
const inked = () => {
  const rows = new Uint8Array(90 * (1 + 300 * 4));
  for (let y = 40; y < 50; y++) for (let x = 20; x < 280; x++) rows.set([20, 20, 60, 255], y * 1201 + 1 + x * 4);
  return rows;
};
/** Deflated, then its blocks overwritten: the zlib header still reads right. */
const garbled = (raw: Uint8Array) => {
  const d = deflate(raw);
  for (let i = 4; i < d.length - 4; i++) d[i] = 0xff;
  return d;
};
const SIGNATURE = dataUrlOf(pngBytes(300, 90, { colour: 6, rows: inked(), deflate }));

describe('drawableSignature', () => {
  it('given a drawn signature (an RGBA PNG, also interlaced), then it is drawn', () => {
    expect(drawableSignature(SIGNATURE)).toBe(SIGNATURE);
    const interlaced = dataUrlOf(pngBytes(300, 90, { colour: 6, interlaced: true, deflate }));
    expect(drawableSignature(interlaced)).toBe(interlaced);
  });

  it.each([
    ['nothing', null],
    ['an SVG wrapped as a PNG data URL', `data:image/png;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`],
    ['a 4000x4000 PNG', dataUrlOf(pngBytes(4000, 4000, { rows: new Uint8Array(8), deflate }))],
    // png-js throws this one from inside zlib's callback: the worker's process would end.
    ['an RGBA PNG whose compressed data is garbled', dataUrlOf(pngBytes(300, 90, { colour: 6, deflate: garbled }))],
    ['a PNG whose data inflates to 50 MB behind a 300x90 header', dataUrlOf(pngBytes(300, 90, { colour: 6, rows: new Uint8Array(50_000_000), deflate }))],
    ['a PNG whose data is a row short', dataUrlOf(pngBytes(300, 90, { colour: 6, rows: new Uint8Array(89 * 1201), deflate }))],
    ['a PNG whose rows name an unknown filter', dataUrlOf(pngBytes(300, 90, { colour: 6, rows: new Uint8Array(90 * 1201).fill(7), deflate }))],
    ['an interlaced PNG 3 pixels wide (png-js misreads its passes)', dataUrlOf(pngBytes(3, 3, { colour: 6, interlaced: true, deflate }))],
  ])('given %s, then it is not drawn', (_what, image) => {
    expect(drawableSignature(image)).toBeNull();
  });
});

describe('a document whose signature cannot be drawn', () => {
  const doc = (image: string | null): ReportDocument => ({
    kind: 'document',
    title: 'Ticket 1001',
    fields: [{ label: 'Status', value: 'Approved' }],
    sections: [
      { title: 'Customer signature: Pat', columns: [{ key: 'signer_name', label: 'Signed by', kind: 'text' }], rows: [{ signer_name: 'Pat' }], image, imageUnreadable: UNREADABLE_SIGNATURE },
      { title: 'Worker signature: Sam', columns: [{ key: 'signer_name', label: 'Signed by', kind: 'text' }], rows: [{ signer_name: 'Sam' }], image: SIGNATURE, imageUnreadable: UNREADABLE_SIGNATURE },
    ],
  });
  const read = (bytes: Buffer, name: string) => {
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, `${name}.pdf`);
    writeFileSync(file, bytes);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').filter((l) => /^\s*\d+\s+\d+\s+image\b/.test(l)).length;
    return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), images };
  };

  it.skipIf(!POPPLER).each([
    ['an SVG wrapped as a PNG', `data:image/png;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`],
    ['a garbled RGBA PNG', dataUrlOf(pngBytes(300, 90, { colour: 6, deflate: garbled }))],
  ])('given %s saved before the check, when printed, then the PDF is made with the other signature drawn and this one said to be unreadable', async (_what, image) => {
    const { text, images } = read(await renderPdf(doc(image)), 'unreadable-signature');
    expect(text).toContain('Customer signature: Pat');
    expect(text).toContain(UNREADABLE_SIGNATURE);
    expect(text.indexOf(UNREADABLE_SIGNATURE)).toBeLessThan(text.indexOf('Worker signature: Sam'));
    expect(text.split(UNREADABLE_SIGNATURE).length).toBe(2);
    expect(images).toBe(1);
  });
});
