import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { DEFAULT_THEME } from '@mantine/core';
import { theme } from '../src/app/theme';
import { drawIcon } from './icon';
import { THEME_COLOUR, manifest } from './manifest';
import { serviceWorker, shellFiles } from './plugin';

const BUILT = ['index.html', 'assets/index-a1.js', 'assets/index-a1.js.map', 'assets/index-b2.css', 'sw.js', 'manifest.webmanifest'];

describe('the installable app', () => {
  it('given a build, then the shell kept is every built file but maps, index.html and the worker itself', () => {
    expect(shellFiles(BUILT)).toEqual(['/assets/index-a1.js', '/assets/index-b2.css', '/manifest.webmanifest']);
  });

  it('given another build, then the worker names another version, so browsers install it; the same build, the same worker', () => {
    const before = serviceWorker(BUILT, 'self;');
    expect(before).toContain('const SHELL = ["/assets/index-a1.js","/assets/index-b2.css","/manifest.webmanifest"];');
    expect(serviceWorker([...BUILT], 'self;')).toBe(before);
    const version = (sw: string) => /const VERSION = "(\w+)"/.exec(sw)![1];
    expect(version(serviceWorker(['assets/index-c3.js'], 'self;'))).not.toBe(version(before));
  });

  it('given a size, then the icon is a PNG of that size whose corner is the ground colour and centre top the white T', () => {
    const png = drawIcon(192, '#e8590c');
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([192, 192]);
    const idatAt = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
    const pixel = (x: number, y: number) => [...raw.subarray(y * (1 + 192 * 3) + 1 + x * 3, y * (1 + 192 * 3) + 4 + x * 3)];
    expect(pixel(0, 0)).toEqual([0xe8, 0x59, 0x0c]);
    expect(pixel(96, 50)).toEqual([255, 255, 255]);
  });

  it("given the manifest, then it is installable (name, standalone, start, 192 and 512 icons) in the theme's primary colour", () => {
    expect(manifest).toMatchObject({ name: 'Trenchline', short_name: 'Trenchline', start_url: '/job/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    expect(THEME_COLOUR).toBe(DEFAULT_THEME.colors[theme.primaryColor!][6]);
  });
});
