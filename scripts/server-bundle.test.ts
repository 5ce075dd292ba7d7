import { describe, expect, it } from 'vitest';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { serverMain } from './server-bundle.ts';

const root = new URL('..', import.meta.url).pathname;

describe('server bundles', () => {
  it('given a bundle built, when asked again with no source changed, then it is not built again; when a source is newer, then it is', () => {
    const first = serverMain(root, 'projector');
    const builtAt = statSync(first).mtimeMs;
    expect(statSync(serverMain(root, 'projector')).mtimeMs).toBe(builtAt);
    const source = join(root, 'apps/projector/src/main.ts');
    const later = new Date(Math.max(Date.now(), builtAt) + 2000);
    utimesSync(source, later, later);
    expect(statSync(serverMain(root, 'projector')).mtimeMs).toBeGreaterThan(builtAt);
  });

  it("given the projector's bundle, then no module in it runs as a script by comparing import.meta.url with the command line (inside a bundle that is the bundle's own: the replay CLI would run in the projector)", () => {
    const bundle = readFileSync(serverMain(root, 'projector'), 'utf8');
    expect(bundle).toContain('replay');
    expect(bundle).not.toMatch(/import\.meta\.url === `file:\/\/\$\{process\.argv\[1\]\}`/);
  });
});
