import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress';

describe('the build precompressed', () => {
  it('given built files, when compressed, then each large text file has a brotli and a gzip copy of itself; maps, images and small files none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tl-precompress-'));
    try {
      mkdirSync(join(dir, 'assets'));
      const script = Buffer.from('export const rows = [];\n'.repeat(200));
      const files: Record<string, Buffer> = {
        'assets/index-a1.js': script,
        'assets/index-a1.js.map': Buffer.from('{"mappings":"' + 'A'.repeat(4000) + '"}'),
        'assets/index-b2.css': Buffer.from('.row { color: red }\n'.repeat(100)),
        'icon-192.png': Buffer.alloc(4000, 7),
        'sw.js': Buffer.from('self;'),
      };
      for (const [f, body] of Object.entries(files)) writeFileSync(join(dir, f), body);

      expect(precompress(dir, Object.keys(files))).toEqual(['assets/index-a1.js', 'assets/index-b2.css']);

      expect(brotliDecompressSync(readFileSync(join(dir, 'assets/index-a1.js.br')))).toEqual(script);
      expect(gunzipSync(readFileSync(join(dir, 'assets/index-a1.js.gz')))).toEqual(script);
      expect(readFileSync(join(dir, 'assets/index-a1.js.br')).length).toBeLessThan(script.length / 10);
      for (const f of ['assets/index-a1.js.map', 'icon-192.png', 'sw.js']) expect([existsSync(join(dir, `${f}.br`)), existsSync(join(dir, `${f}.gz`))]).toEqual([false, false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
