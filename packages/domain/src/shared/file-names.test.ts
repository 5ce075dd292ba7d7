import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asciiFileName, contentDisposition, FILE_NAME_CONTROL, fileName, fileNameProblem, MAX_NAME_BYTES, safeBaseName, uniqueEntries, uniqueNamer } from './file-names.ts';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** What every safe name is: one flat, visible, bounded name that reads as given after a second pass. */
function expectSafe(name: string, maxBytes = MAX_NAME_BYTES) {
  expect(name).not.toBe('');
  expect(name).not.toMatch(/[/\\]/);
  expect(name).not.toContain('..');
  expect(name).not.toMatch(/\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u);
  expect(name).not.toMatch(/^[\s.]|[\s.]$/u);
  expect(name).not.toMatch(/[<>:"|?*]/);
  expect(bytes(name)).toBeLessThanOrEqual(maxBytes);
  expect(safeBaseName(name)).toBe(name);
}

describe('safeBaseName', () => {
  it.each([
    ['../../../../tmp/x.png', 'x.png'],
    ['..\\..\\windows\\system32\\evil.dll', 'evil.dll'],
    ['/etc/passwd', 'passwd'],
    ['C:\\Users\\pat\\plan.pdf', 'plan.pdf'],
    ['a/b\\c/d.txt', 'd.txt'],
    ['plan.pdf/..', 'file'],
    ['..', 'file'],
    ['.', 'file'],
    ['../', 'file'],
    ['.bashrc', 'bashrc'],
    ['  . hidden.txt', 'hidden.txt'],
    ['report..final...pdf', 'report.final.pdf'],
    ['trailing. . ', 'trailing'],
    ['a\u0000b.png', 'ab.png'],
    ['line\r\nbreak\t.txt', 'linebreak.txt'],
    ['bell\u0007del\u007fc1\u0085.txt', 'belldelc1.txt'],
    ['photo\u202egnp.exe', 'photognp.exe'],
    ['what?<is>:"this"|*.txt', 'what__is___this___.txt'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['com1.tar.gz', '_com1.tar.gz'],
    ['console.txt', 'console.txt'],
    ['Café_日本.txt', 'Café_日本.txt'],
    ['Cafe\u0301.txt', 'Café.txt'],
    ['📷 site 🚧.jpg', '📷 site 🚧.jpg'],
    ['Ünïcödé/名前.pdf', '名前.pdf'],
  ])('given %j, then %j', (given, safe) => {
    expect(safeBaseName(given)).toBe(safe);
    expectSafe(safeBaseName(given));
  });

  it('given nothing usable (empty, null, only dots, slashes or controls), then the fallback, itself made safe', () => {
    for (const given of ['', null, undefined, '   ', '...', '/', '\\', '\u0000\u0001', '../..', {}, Number.NaN]) expect(safeBaseName(given, 'photo 12.png')).toBe('photo 12.png');
    expect(safeBaseName('', '../bundle.pdf')).toBe('bundle.pdf');
    expect(safeBaseName('', '')).toBe('file');
    expect(safeBaseName(1234)).toBe('1234');
  });

  it('given a very long name, then it is cut to the byte limit by whole characters, keeping its extension', () => {
    const long = `${'a'.repeat(400)}.pdf`;
    expect(safeBaseName(long)).toBe(`${'a'.repeat(MAX_NAME_BYTES - 4)}.pdf`);
    const wide = `${'日'.repeat(300)}.xlsx`; // 3 bytes each
    const cut = safeBaseName(wide);
    expect(cut.endsWith('.xlsx')).toBe(true);
    expect(bytes(cut)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(bytes(cut)).toBeGreaterThan(MAX_NAME_BYTES - 3);
    // An accent (NFD: a letter and a combining mark) or an emoji is never split.
    const marks = safeBaseName(`${'e\u0301'.repeat(100)}.txt`.normalize('NFD'), 'file', 20);
    expect(marks.normalize('NFC')).toBe(marks);
    expect(marks).toMatch(/^é+\.txt$/);
    const emoji = safeBaseName(`${'👩‍👩‍👧'.repeat(20)}.png`, 'file', 40);
    expect(emoji).toMatch(/^(👩‍👩‍👧)+\.png$/u);
    expectSafe(safeBaseName(long));
    // A long "extension" is not one: the name is cut as a whole.
    expect(bytes(safeBaseName(`x.${'y'.repeat(300)}`))).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it('given many nasty names, then each is safe and a second pass changes nothing', () => {
    const parts = ['..', '.', '/', '\\', '\u0000', '\n', ' ', 'a', '日本', 'é', '\u202e', ':', 'CON', '.png', '\ud800', '💥'];
    for (const a of parts) for (const b of parts) for (const c of parts) expectSafe(safeBaseName(`${a}${b}${c}`));
  });
});

describe('uniqueEntries', () => {
  it('given repeated names, then the second and later are numbered before the extension, letter case aside', () => {
    expect(uniqueEntries(['a.png', 'a.png', 'A.PNG', 'b', 'b', 'a (2).png'])).toEqual(['a.png', 'a (2).png', 'A (3).PNG', 'b', 'b (2)', 'a (2) (2).png']);
  });

  it('given names that are only unsafe differently, then they are made safe first and so numbered', () => {
    expect(uniqueEntries(['../x.png', '..\\x.png', 'x.png', '/tmp/x.png', '', '..'], 'photo.png')).toEqual(['x.png', 'x (2).png', 'x (3).png', 'x (4).png', 'photo.png', 'photo (2).png']);
  });

  it('given a repeated name at the byte limit, then the number still fits, the extension kept', () => {
    const long = `${'n'.repeat(300)}.pdf`;
    const [one, two] = uniqueEntries([long, long]);
    expect(two).not.toBe(one);
    expect(two.endsWith(' (2).pdf')).toBe(true);
    expect(bytes(two)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it('given a namer, then it remembers across calls (one per zip)', () => {
    const name = uniqueNamer();
    expect([name('Café_日本.txt'), name('café_日本.txt'), name('../Café_日本.txt')]).toEqual(['Café_日本.txt', 'café_日本 (2).txt', 'Café_日本 (3).txt']);
  });
});

describe('contentDisposition', () => {
  it('given a unicode name, then an ASCII filename and the whole name in filename* (RFC 6266 / 8187)', () => {
    expect(contentDisposition('attachment', 'Café_日本.txt')).toBe(`attachment; filename="Cafe__.txt"; filename*=UTF-8''Caf%C3%A9_%E6%97%A5%E6%9C%AC.txt`);
    expect(decodeURIComponent(contentDisposition('inline', 'Café_日本.txt').split("''")[1])).toBe('Café_日本.txt');
  });

  it('given a name with a path, quotes, a line break or %, then the header holds only its safe base name', () => {
    const h = contentDisposition('attachment', '../../a"b\r\nSet-Cookie: x=1%41.pdf');
    expect(h).not.toMatch(/[\r\n]/);
    expect(h).toBe(`attachment; filename="a_bSet-Cookie_ x=1_41.pdf"; filename*=UTF-8''a_bSet-Cookie_%20x%3D1%2541.pdf`);
    expect(contentDisposition('inline', "it's (1)!.png")).toContain("filename*=UTF-8''it%27s%20%281%29%21.png");
    expect(contentDisposition('attachment', '')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });

  it('given a name with no ASCII letter, then the ASCII filename is "file" with the extension', () => {
    expect(asciiFileName('日本.pdf')).toBe('file.pdf');
    // Æ and ø do not decompose into a letter and an accent: they are '_'.
    expect(asciiFileName('Ærø.pdf')).toBe('_r_.pdf');
  });
});

describe('a file_name given', () => {
  const schema = z.object({ file_name: fileName() });
  it('given a name with a path or dots, then it is kept as given', () => {
    for (const name of ['../../../../tmp/x.png', '..\\x.png', 'Café_日本.txt', '.env']) expect(schema.parse({ file_name: name }).file_name).toBe(name);
  });
  it('given a control character or a NUL, then refused naming the field', () => {
    for (const name of ['a\nb.png', 'tab\t.png', 'a\u0085.png', 'a\u0000.png']) {
      const r = schema.safeParse({ file_name: name });
      expect(r.success, JSON.stringify(name)).toBe(false);
      expect(r.error!.issues[0].path).toEqual(['file_name']);
    }
    expect(schema.safeParse({ file_name: 'a\nb' }).error!.issues[0].message).toBe(FILE_NAME_CONTROL);
    expect(fileNameProblem('a\rb')).toBe(FILE_NAME_CONTROL);
    expect(fileNameProblem('../a b')).toBeNull();
    expect(schema.parse({ file_name: null }).file_name).toBeNull();
  });
});
