/**
 * `npm test`: type-checks the whole repository, lints it (`npm run lint`), builds the web app (the browser
 * tests drive the built app), then runs every test file with vitest and ends with one plain line:
 * 'Tests: N passed, N failed, N skipped'.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });

const typecheck = run('npm', ['run', 'typecheck']);
if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);

const lint = run('npm', ['run', 'lint']);
if (lint.status !== 0) process.exit(lint.status ?? 1);

const build = run('npm', ['run', 'build', '-w', '@trenchline/web']);
if (build.status !== 0) process.exit(build.status ?? 1);

mkdirSync(`${root}.data`, { recursive: true });
const out = `${root}.data/test-results.json`;
const extra = process.argv.slice(2);
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra]);
try {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  console.log(`\nTests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
} catch {
  console.log('\nTests: 0 passed, 1 failed (no results were written)');
}
process.exit(vitest.status ?? 1);
