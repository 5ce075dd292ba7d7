import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const WEB = ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'];
/**
 * Web test files that mock a module (`vi.mock`): a mock applies to a module graph loaded after it, so
 * these run each in its own (isolated); the others share their fork's modules, which loading React
 * and Mantine once per fork instead of once per file makes three times faster.
 */
const WEB_MOCKING = readdirSync('apps/web/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `apps/web/src/${f}`)
  .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(f, 'utf8')));
/**
 * Files that hold a transaction open on purpose (the probe's case): while one runs, `$all` of every
 * database on the server stops at it, so every other file's projections and live rows wait. They run
 * after all the others (a later group), where they can only hold each other back.
 */
const HOLDS_THE_STORE = ['tests/api/health.test.ts', 'tests/api/read-your-writes.test.ts', 'packages/event-store/src/postgres.test.ts', 'packages/read-model/src/db.test.ts'];

/**
 * One runner for every layer, in two projects. Integration and browser tests start real Postgres
 * databases (one per file) and real processes, so files run in 2 forks, the machine's core count.
 *
 * - `node`: every test but the web app's. Files share their fork's modules (`isolate: false`): each
 *   file starts an app of its own on its own database and Redis channels and stops it, so nothing of
 *   one file's is left for the next, and loading the api's modules once per fork instead of once per
 *   file halves the suite's CPU (imports were a third of it). What a file sets for itself (an
 *   environment variable) it takes back in its afterAll or finally; settings are read when used.
 * - `web`: the React app's unit tests (jsdom), sharing their fork's modules as `node` does.
 * - `web-mocks`: the React app's test files that mock a module (WEB_MOCKING), each isolated.
 * - `holds-the-store`: node files that hold the server's transaction horizon (HOLDS_THE_STORE), run last.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) fails on a busy machine what would pass a moment later: 8 s, as the browser tests' poll.
    expect: { poll: { timeout: 8_000 } },
    // Drops the template copies forks made ahead and did not use (packages/read-model/src/testing.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default'],
    // The tests' webhook receivers listen on 127.0.0.1; the tests of the guard itself unset it (platform/outbound.ts).
    env: { WEBHOOK_PRIVATE_ADDRESSES: 'allow' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/pwa/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', ...WEB, ...HOLDS_THE_STORE],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'holds-the-store',
          include: HOLDS_THE_STORE,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: WEB,
          exclude: ['**/node_modules/**', '**/dist/**', ...WEB_MOCKING],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-mocks',
          include: WEB_MOCKING,
        },
      },
    ],
  },
});
