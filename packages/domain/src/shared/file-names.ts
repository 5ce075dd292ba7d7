/**
 * File names (docs/security.md "File names", docs/input-bounds.md "File names"). A file's `file_name`
 * is the user's words, kept as given and shown as given (`Café_日本.txt`, even `../plan.pdf`). Where a
 * name becomes a path (a zip entry, a name on disk, a download's URL) or an HTTP header, it is first
 * reduced to a safe base name here, in one pure function every such place uses:
 *
 * - `safeBaseName(name, fallback)`: no path (everything up to the last / or \ goes), no control or
 *   bidi-override characters, no `..`, no leading or trailing dots and spaces, none of Windows' `<>:"|?*`
 *   or device names (CON, NUL, COM1 ...), at most `MAX_NAME_BYTES` of UTF-8 with the extension kept,
 *   and the fallback when nothing is left. Applying it twice changes nothing.
 * - `uniqueEntries(names)` / `uniqueNamer()`: the same, and a name met again (letter case aside, as
 *   Windows and macOS compare) numbered before its extension: `a.png`, `a (2).png`, `a (3).png`.
 * - `contentDisposition(type, name)`: RFC 6266 with an ASCII `filename` for old clients and the whole
 *   name in `filename*=UTF-8''...` (RFC 8187).
 *
 * A name *given* with a control character (a NUL, a line break, a tab ...) is refused rather than
 * cleaned: `fileName()` is the field kind of every `file_name`, and the upload routes check a file's
 * own name (`fileNameProblem`).
 */
import { text } from './fields.ts';

/** At most this many bytes of UTF-8 (file systems allow 255; the rest is room for a folder and ' (2)'). */
export const MAX_NAME_BYTES = 200;

/** Unicode's control characters (Cc): C0 (NUL, tab, line breaks ...), DEL and C1. */
const CONTROL = /\p{Cc}/u;
const CONTROLS = /\p{Cc}/gu;
/** Invisible marks that reorder what is shown ('photo\u202Egnp.exe' reads 'photoexe.png'), and the BOM. */
const BIDI_AND_BOM = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/** Half of a surrogate pair alone: not a character, and not UTF-8. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Characters Windows refuses in a name (/ and \ are taken away with the path before). */
const WINDOWS_RESERVED = /[<>:"|?*]/g;
/** Names Windows keeps for devices, whatever their extension ('nul.txt' is the device too). */
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
/** An extension kept through a cut: a dot and up to 16 characters, none a space or a dot. */
const EXTENSION = /\.[^.\s]{1,16}$/;

export const FILE_NAME_CONTROL = 'contains a control character (a line break, a tab ...): it cannot be a file name';

/** Whether a name holds a control character (C0 including NUL, DEL, C1). */
export const hasControlChars = (s: string) => CONTROL.test(s);

/** Why a name given for a file cannot be kept, or null when it can (a path in it is fine: it is made safe where used). */
export const fileNameProblem = (name: unknown): string | null => (typeof name === 'string' && hasControlChars(name) ? FILE_NAME_CONTROL : null);

/**
 * The field kind of a file's `file_name`: optional text (as `text()`: no NUL, no lone surrogate) with no
 * control character. Slashes and dots are allowed: the name is the user's, shown as given.
 */
export const fileName = (max = 300) => text(max).refine((v) => v == null || !hasControlChars(v), FILE_NAME_CONTROL);

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** The name's user-perceived characters, so a cut never splits an accent from its letter or an emoji. */
const graphemes = (s: string): string[] => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (g) => g.segment);

/** The name split before its extension ('a.tar.gz' → 'a.tar', '.gz'); a name that is all extension has none. */
function splitExtension(name: string): [stem: string, ext: string] {
  const m = EXTENSION.exec(name);
  return m && m.index > 0 ? [name.slice(0, m.index), m[0]] : [name, ''];
}

const trimEnds = (s: string) => s.replace(/^[\s.]+|[\s.]+$/gu, '');

/** `stem + suffix + ext` within `maxBytes`, the stem cut (by whole characters) to fit. */
function fit(stem: string, suffix: string, ext: string, maxBytes: number): string {
  const whole = `${stem}${suffix}${ext}`;
  if (utf8Bytes(whole) <= maxBytes) return whole;
  // An extension too long to leave room for a stem is cut with the rest.
  if (utf8Bytes(`x${suffix}${ext}`) > maxBytes) return fit(`${stem}${ext}`, suffix, '', maxBytes);
  const room = maxBytes - utf8Bytes(`${suffix}${ext}`);
  let cut = '';
  let used = 0;
  for (const g of graphemes(stem)) {
    const b = utf8Bytes(g);
    if (used + b > room) break;
    cut += g;
    used += b;
  }
  return `${trimEnds(cut) || '_'}${suffix}${ext}`;
}

function clean(name: string, maxBytes: number): string {
  let s = name.replace(LONE_SURROGATES, '_').normalize('NFC');
  // The base name: whatever a path says before the last separator of either kind is dropped.
  s = s.slice(Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\')) + 1);
  s = s.replace(CONTROLS, '').replace(BIDI_AND_BOM, '').replace(WINDOWS_RESERVED, '_');
  // No '..' anywhere (an extractor that still reads one as a parent finds none); no hidden or trailing dots.
  s = trimEnds(s.replace(/\.{2,}/g, '.'));
  if (!s) return '';
  if (DEVICE_NAME.test(s)) s = `_${s}`;
  const [stem, ext] = splitExtension(s);
  return trimEnds(fit(stem, '', ext, maxBytes));
}

/**
 * A name safe as a zip entry, a name on disk or in a header: the base name of `name` with nothing that
 * could make it a path, hide it or break a file system, at most `maxBytes` of UTF-8 keeping the
 * extension; `fallback` (made safe the same way) when nothing is left. Letters of any script are kept.
 */
export function safeBaseName(name: unknown, fallback = 'file', maxBytes = MAX_NAME_BYTES): string {
  const given = typeof name === 'string' ? name : typeof name === 'number' && Number.isFinite(name) ? String(name) : '';
  return clean(given, maxBytes) || clean(fallback, maxBytes) || 'file';
}

/**
 * A namer for the entries of one folder or zip: each name made safe, and a name met before (compared
 * without letter case, as Windows and macOS do) numbered ' (2)', ' (3)' ... before its extension.
 */
export function uniqueNamer(maxBytes = MAX_NAME_BYTES) {
  const used = new Set<string>();
  return (name: unknown, fallback = 'file'): string => {
    const safe = safeBaseName(name, fallback, maxBytes);
    let out = safe;
    if (used.has(out.toLowerCase())) {
      const [stem, ext] = splitExtension(safe);
      for (let n = 2; used.has(out.toLowerCase()); n++) out = fit(stem, ` (${n})`, ext, maxBytes);
    }
    used.add(out.toLowerCase());
    return out;
  };
}

/** The names of one folder or zip, in order, each safe and none twice (see `uniqueNamer`). */
export function uniqueEntries(names: readonly unknown[], fallback = 'file', maxBytes = MAX_NAME_BYTES): string[] {
  const name = uniqueNamer(maxBytes);
  return names.map((n) => name(n, fallback));
}

/** RFC 8187's value-chars: every byte outside attr-char %-encoded (encodeURIComponent leaves ' ( ) * ! as they are). */
const encodeRfc8187 = (s: string) => encodeURIComponent(s).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The name in printable ASCII for clients that do not read `filename*`: accents dropped, other letters,
 * '%' and quotes as '_' ('Café_日本.txt' → 'Cafe__.txt'); a name with no ASCII letter or digit left is 'file'.
 */
export function asciiFileName(name: string): string {
  const ascii = safeBaseName(name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]+/g, '_').replace(/[%"\\]/g, '_'), 'file');
  const [stem, ext] = splitExtension(ascii);
  return /[A-Za-z0-9]/.test(stem) ? ascii : `file${ext}`;
}

/**
 * A Content-Disposition header for a file (RFC 6266): `inline` or `attachment`, the safe base name in
 * ASCII as `filename` and whole as `filename*=UTF-8''...`, which every current browser prefers.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: unknown, fallback = 'file'): string {
  const safe = safeBaseName(name, fallback);
  return `${type}; filename="${asciiFileName(safe)}"; filename*=UTF-8''${encodeRfc8187(safe)}`;
}
