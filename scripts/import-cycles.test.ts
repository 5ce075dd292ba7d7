import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph, repositoryFiles } from './import-cycles.ts';

describe('findCycles', () => {
  it('finds each group of modules that import each other, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('follows imports, type-only ones and re-exports included, with or without an extension', () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'import-cycles-')));
    const write = (name: string, text: string) => (writeFileSync(path.join(dir, name), text), path.join(dir, name));
    const a = write('a.ts', "import type { B } from './b.ts';\nexport type A = B;\n");
    const b = write('b.ts', "export * from './c';\nexport type B = string;\n");
    const c = write('c.ts', "import { readFileSync } from 'node:fs';\nimport { a } from './a.ts';\nexport const c = [a, readFileSync];\n");
    const d = write('d.ts', "export const d = 1;\n");
    const root = new URL('..', import.meta.url).pathname;
    const graph = importGraph([a, b, c, d], repositoryFiles(root).options);
    expect(Object.fromEntries(graph)).toEqual({ [a]: [b], [b]: [c], [c]: [a], [d]: [] });
    expect(findCycles(graph)).toEqual([[a, b, c]]);
  });
});
