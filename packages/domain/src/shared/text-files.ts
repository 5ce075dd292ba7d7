/**
 * An uploaded text file's bytes as text, in the encoding it was saved in: UTF-8 (with or without a
 * BOM) or Windows-1252 (what Excel's plain "CSV" saves on Windows; it reads Latin-1 files the same for
 * every printable character). 'auto' takes UTF-8 when the bytes are valid UTF-8, else Windows-1252.
 * A byte the chosen encoding has no character for is an error naming its line: nothing becomes "�".
 */

export const TEXT_ENCODINGS = ['auto', 'utf-8', 'windows-1252'] as const;
export type TextEncodingChoice = (typeof TEXT_ENCODINGS)[number];
export type TextEncodingRead = Exclude<TextEncodingChoice, 'auto'>;

/** How the import screen names each choice. */
export const TEXT_ENCODING_LABELS: Record<TextEncodingChoice, string> = {
  auto: 'Detect',
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Excel CSV, Latin-1)',
};

export interface DecodedText {
  text: string;
  /** The encoding the text was read in ('auto' resolved). */
  encoding: TextEncodingRead;
  /** The first byte the encoding cannot read: its line (1-based) and why. */
  error: { line: number; message: string } | null;
}

/** The bytes Windows-1252 leaves undefined (the WHATWG decoder would make them C1 controls). */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Windows-1252's characters for 0x80-0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ); every
 * other byte is its Latin-1 code point. Written out because Node's TextDecoder reads 'windows-1252'
 * as Latin-1 (the curly quotes would become C1 controls).
 */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d, 0x017e, 0x0178,
];

function decodeWindows1252(b: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let i = 0; i < b.length; i += CHUNK) {
    const codes = Array.from(b.subarray(i, i + CHUNK), (x) => (x >= 0x80 && x <= 0x9f ? CP1252_HIGH[x - 0x80] : x));
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence, or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) [need, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [need, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const cc = b[i + k];
      if (cc === undefined || (cc & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (cc & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += need + 1;
  }
  return -1;
}

/** The 1-based line of a byte offset (lines end at LF, CRLF or a lone CR, as the CSV reader counts them). */
function lineOf(b: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    if (b[i] === 0x0a) line++;
    else if (b[i] === 0x0d && b[i + 1] !== 0x0a) line++;
  }
  return line;
}

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;

/** The file's text in the encoding chosen (or detected), or the error naming the first unreadable byte's line. */
/** A UTF-8 BOM is dropped with the decoding, as the CSV reader would drop it. */
export function decodeText(bytes: Uint8Array, choice: TextEncodingChoice = 'auto'): DecodedText {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { text: '', encoding: 'utf-8', error: { line: 1, message: 'is UTF-16 text ("Unicode text"): save it as "CSV UTF-8" or "CSV" and upload that' } };
  const bad = choice === 'windows-1252' ? -2 : firstInvalidUtf8(bytes);
  if (bad === -1) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8', error: null };
  if (choice === 'utf-8')
    return { text: '', encoding: 'utf-8', error: { line: lineOf(bytes, bad), message: `has a byte that is not UTF-8 (${hex(bytes[bad])}): if Excel saved the file as plain "CSV", choose Windows-1252` } };
  const undefinedAt = bytes.findIndex((x) => UNDEFINED_1252.has(x));
  if (undefinedAt >= 0)
    return {
      text: '',
      encoding: 'windows-1252',
      error: { line: lineOf(bytes, undefinedAt), message: `has a byte that is neither UTF-8 nor Windows-1252 (${hex(bytes[undefinedAt])}): save the file as "CSV UTF-8" and upload that` },
    };
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252', error: null };
}
