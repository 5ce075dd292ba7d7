/**
 * `npm test`: builds the web app (the browser tests drive the built app), then runs every test file with
 * vitest while the type-check and the lint (`npm run typecheck`, `npm run lint`) run beside it, and ends
 * with one plain line: 'Tests: N passed, N failed, N skipped'. It fails when any of the three fails.
 *
 * The checks run beside the tests, not before them: they are a minute of CPU, and the suite leaves about
 * a quarter of the machine idle while its files wait on Postgres, the projector and the browser. They
 * run niced, so a test waiting for a core goes first; their output is printed when each ends.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;

const build = spawnSync('npm', ['run', 'build', '-w', '@trenchline/web'], { cwd: root, stdio: 'inherit', env: process.env });
if (build.status !== 0) process.exit(build.status ?? 1);

/** `nice -n 10` where the machine has it (coreutils), else the command as it is. */
const niced = (cmd: string[]) => (existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '10', ...cmd] : cmd);

/** A check run niced with its output kept; prints that output when it ends and resolves to whether it passed. */
function check(script: 'typecheck' | 'lint'): Promise<boolean> {
  return new Promise((resolve) => {
    const [command, ...args] = niced(['npm', 'run', '--silent', script]);
    const child = spawn(command, args, { cwd: root, env: process.env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => {
      console.log(`\n[npm test] ${script} could not start: ${e.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      const passed = code === 0;
      console.log(`\n[npm test] ${script} ${passed ? 'passed' : `FAILED (exit ${code})`}${out.trim() ? `:\n${out.trimEnd()}` : ''}\n`);
      resolve(passed);
    });
  });
}

function vitest(args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

mkdirSync(`${root}.data`, { recursive: true });
const out = `${root}.data/test-results.json`;
rmSync(out, { force: true }); // a run that writes none must not report the last one's
const extra = process.argv.slice(2);
const [tests, typecheck, lint] = await Promise.all([vitest(['--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra]), check('typecheck'), check('lint')]);

let summary: string;
try {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  summary = `Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
} catch {
  summary = 'Tests: 0 passed, 1 failed (no results were written)';
}
const failedChecks = [typecheck ? '' : 'typecheck', lint ? '' : 'lint'].filter(Boolean);
if (failedChecks.length) console.log(`\n[npm test] failed: ${failedChecks.join(', ')} (their output is above)`);
console.log(`\n${summary}`);
process.exit(tests !== 0 ? tests : failedChecks.length ? 1 : 0);
