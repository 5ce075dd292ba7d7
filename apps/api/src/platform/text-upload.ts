/**
 * How an uploaded text file (a CSV to import) is read: the encoding chosen on the import screen
 * (multipart field or query `encoding`: auto, utf-8, windows-1252; 'auto' when none), and the file's
 * text in it (packages/domain/src/shared/text-files.ts). Every CSV import reads its bytes here.
 */
import { decodeText, TEXT_ENCODINGS, type DecodedText, type TextEncodingChoice } from '@trenchline/domain';
import { badRequest } from './errors.ts';
import type { RouteRequest } from './routes.ts';

export function encodingOf(req: Pick<RouteRequest, 'raw' | 'query'>): TextEncodingChoice {
  const body = (req.raw as typeof req.raw & { body?: Record<string, unknown> }).body;
  const raw = body?.encoding ?? (req.query as Record<string, unknown> | undefined)?.encoding;
  if (raw === undefined || raw === '') return 'auto';
  const v = String(raw).toLowerCase();
  if (!(TEXT_ENCODINGS as readonly string[]).includes(v)) throw badRequest({ encoding: `must be one of ${TEXT_ENCODINGS.join(', ')}` });
  return v as TextEncodingChoice;
}

/** The upload's text in the encoding chosen; a byte it cannot read is a 400 naming `file` and the line. */
export function uploadedText(bytes: Uint8Array, encoding: TextEncodingChoice): DecodedText & { error: null } {
  const decoded = decodeText(bytes, encoding);
  if (decoded.error) throw badRequest({ file: `line ${decoded.error.line} ${decoded.error.message}` });
  return decoded as DecodedText & { error: null };
}
