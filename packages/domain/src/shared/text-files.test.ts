import { describe, expect, it } from 'vitest';
import { decodeText, firstInvalidUtf8 } from './text-files.ts';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('firstInvalidUtf8', () => {
  it('given valid UTF-8 of one to four bytes a character, then there is no invalid byte', () => {
    expect(firstInvalidUtf8(bytes('a é 日本 😀'))).toBe(-1);
  });
  it('given a lone continuation byte, a truncated sequence, an overlong form and a surrogate, then each is found where it starts', () => {
    expect(firstInvalidUtf8(bytes('ab', [0x80]))).toBe(2);
    expect(firstInvalidUtf8(bytes('ab', [0xe6, 0x97]))).toBe(2);
    expect(firstInvalidUtf8(bytes([0xc0, 0xaf]))).toBe(0);
    expect(firstInvalidUtf8(bytes('x', [0xed, 0xa0, 0x80]))).toBe(1);
  });
});

describe('decodeText', () => {
  const cafe1252 = bytes('name\r\nCaf', [0xe9], '\r\n');

  it('given UTF-8 with a BOM, when detected, then it is read as UTF-8 without the BOM', () => {
    const r = decodeText(bytes([0xef, 0xbb, 0xbf], 'Café_日本'));
    expect(r).toEqual({ text: 'Café_日本', encoding: 'utf-8', error: null });
  });

  it('given what Excel saves as plain CSV (Windows-1252), when detected, then "Café" is read, and “quotes” and € too', () => {
    expect(decodeText(cafe1252)).toEqual({ text: 'name\r\nCafé\r\n', encoding: 'windows-1252', error: null });
    expect(decodeText(bytes([0x93], 'x', [0x94, 0x20, 0x80])).text).toBe('“x” €');
  });

  it('given the same file said to be UTF-8, then the error names the line of the bad byte, and no text is made', () => {
    expect(decodeText(cafe1252, 'utf-8')).toEqual({ text: '', encoding: 'utf-8', error: { line: 2, message: 'has a byte that is not UTF-8 (0xE9): if Excel saved the file as plain "CSV", choose Windows-1252' } });
  });

  it('given valid UTF-8 said to be Windows-1252, then it is read byte by byte as chosen', () => {
    expect(decodeText(bytes('é'), 'windows-1252').text).toBe('Ã©');
  });

  it('given a byte Windows-1252 leaves undefined, then the error names its line (nothing becomes "�")', () => {
    expect(decodeText(bytes('a\nb\nc', [0x81])).error).toEqual({ line: 3, message: 'has a byte that is neither UTF-8 nor Windows-1252 (0x81): save the file as "CSV UTF-8" and upload that' });
  });

  it('given UTF-16 ("Unicode text"), then it is refused with what to save instead', () => {
    expect(decodeText(bytes([0xff, 0xfe], [0x61, 0]))).toMatchObject({ error: { line: 1, message: expect.stringContaining('UTF-16') } });
  });

  it('given lines ended by CR alone, then the line is counted as the CSV reader counts it', () => {
    expect(decodeText(bytes('a\rb\r\nc', [0xff]), 'utf-8').error?.line).toBe(3);
  });
});
