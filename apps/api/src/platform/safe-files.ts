/**
 * Stored files never run on the app's origin (docs/security.md). A file is shown in the browser only
 * when its bytes are a picture (PNG, JPEG, GIF, WebP) or a PDF, whatever the uploader said it was;
 * everything else is an attachment. Every file answer says `nosniff` and carries a CSP of its own.
 */
import type { Readable } from 'node:stream';
import { Readable as ReadableStream, pipeline } from 'node:stream';
import type { NextFunction, Response } from 'express';
import { checkImage, contentDisposition, imageHeader, IMAGE_CONTENT_TYPES, PHOTO_IMAGE } from '@trenchline/domain';
import { badRequest } from './errors.ts';

export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ShownType = (typeof PICTURE_TYPES)[number] | 'application/pdf';

/** Bytes read from the start of a file to tell its type. */
const HEAD_BYTES = 16;

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + b.length && head.subarray(at, at + b.length).equals(b);
};

/** The type the bytes' magic numbers prove, for the types shown in the browser; null for anything else. */
export function sniffShownType(head: Buffer): ShownType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'image/gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'image/webp';
  if (startsWith(head, '%PDF-')) return 'application/pdf';
  return null;
}

/**
 * An upload to a photo collection (or the background picture): its bytes must be a PNG, JPEG or WebP
 * whose header says a size within the photo limits (checkImage, packages/domain/src/shared/images.ts),
 * checked before it is stored or decoded. SVG is refused on purpose: it is a document that can carry scripts.
 */
export function requirePicture(file: { buffer: Buffer }): string {
  const refused = checkImage(file.buffer, PHOTO_IMAGE);
  if (refused) throw badRequest({ file: refused }, `file ${refused}`);
  return IMAGE_CONTENT_TYPES[imageHeader(file.buffer)!.format];
}

/** The content type to record for an upload: what the bytes prove when they prove it, else the client's word (kept as a label only). */
export const recordedType = (file: { buffer: Buffer; mimetype: string }) => sniffShownType(file.buffer.subarray(0, HEAD_BYTES)) ?? file.mimetype;

/**
 * Types an attachment keeps when the record says so (a report's spreadsheet, a training video):
 * none of them is run by a browser as a script, a style or a page. Anything else is octet-stream.
 */
const KEPT_DOWNLOAD_TYPE = /^(video|audio)\/[\w.+-]+$|^application\/(zip|msword|vnd\.[\w.+-]+)$|^text\/(plain|csv)$/;

/** No sandbox for PDFs: Chrome's PDF viewer refuses to run in a sandboxed document. */
export const FILE_CSP = "default-src 'none'; sandbox";
export const PDF_CSP = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The first bytes of a stream, and a stream of the whole file again. */
async function peek(stream: Readable, n: number): Promise<{ head: Buffer; whole: Readable }> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    first.push(r.value);
    size += r.value.length;
  }
  const whole = ReadableStream.from(
    (async function* () {
      try {
        yield* first;
        if (done) return;
        for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
      } finally {
        // A download cut short closes the stored file too.
        await it.return?.();
      }
    })(),
    { objectMode: false },
  );
  return { head: Buffer.concat(first).subarray(0, n), whole };
}

export interface FileAnswer {
  stream: Readable;
  /** The type on record (an upload's client's word, or the server's own for reports): never trusted to show a file. */
  contentType: string;
  name: string;
  size?: number;
}

/** The one way a stored file is answered: type and disposition from its bytes, nosniff and a file CSP. */
export async function sendFile(res: Response, file: FileAnswer, next: NextFunction) {
  const { head, whole } = await peek(file.stream, HEAD_BYTES);
  const shown = sniffShownType(head);
  const kept = file.contentType.toLowerCase().split(';')[0].trim();
  res.setHeader('Content-Type', shown ?? (KEPT_DOWNLOAD_TYPE.test(kept) ? kept : 'application/octet-stream'));
  // The safe base name, in ASCII as filename and whole as filename* (docs/security.md "File names").
  res.setHeader('Content-Disposition', contentDisposition(shown ? 'inline' : 'attachment', file.name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', shown === 'application/pdf' ? PDF_CSP : FILE_CSP);
  if (file.size !== undefined) res.setHeader('Content-Length', String(file.size));
  pipeline(whole, res, (e) => {
    if (e && !res.headersSent) next(e);
  });
}
