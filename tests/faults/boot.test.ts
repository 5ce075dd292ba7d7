/**
 * A process started while its database cannot be reached (restarted by the supervisor while Postgres
 * is down) waits for it, saying so once per few seconds, instead of crashing into the supervisor's
 * growing backoff; SIGTERM still ends it at once. The real api, projector and worker mains, each
 * pointed at a "Postgres" of its own that hangs up on every connection.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Supervisor } from '../../scripts/supervisor.ts';
import { processSpec } from '../../scripts/processes.ts';
import { freePort, hangingUpServer } from './support/servers.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const KINDS = ['api', 'projector', 'worker'] as const;

const servers = await Promise.all(KINDS.map(() => hangingUpServer()));
const redisPort = await freePort();
const said = new Map<string, string[]>(KINDS.map((k) => [k, []]));
const exits: { name: string; code: number | null; signal: NodeJS.Signals | null }[] = [];
const supervisor = new Supervisor(
  KINDS.map((kind, i) =>
    processSpec(root, kind, { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${servers[i].port}/trenchline`, REDIS_URL: `redis://127.0.0.1:${redisPort}`, PORT: '0' }),
  ),
  // SIGKILL only if a process ignored SIGTERM for 5 s: its exit would then show the signal.
  { stdio: 'pipe', stopTimeoutMs: 5000, onLine: (name, line) => said.get(name)!.push(line) },
);
supervisor.on('exit', (e) => exits.push(e));

afterAll(async () => {
  await supervisor.stop();
  await Promise.all(servers.map((s) => s.close()));
});

describe('booting without the database', () => {
  it('given Postgres unreachable, when api, projector and worker start, then each keeps trying, says so once, and none crashes', async () => {
    supervisor.start();
    // Three tries each: the first failure no longer ends a process.
    await expect.poll(() => servers.map((s) => s.tries() >= 3), { timeout: 20_000, interval: 100 }).toEqual([true, true, true]);
    for (const kind of KINDS) {
      expect(said.get(kind)!.filter((l) => l.includes('waiting for the database'))).toEqual([expect.stringMatching(new RegExp(`^\\[${kind}\\] waiting for the database 127\\.0\\.0\\.1:\\d+/trenchline \\(0\\.\\d s\\): .*; trying every 1 s$`))]);
      expect(supervisor.restarts(kind)).toBe(0);
    }
    expect(exits).toEqual([]);
  }, 30_000);

  it('given processes waiting for the database, when stopped with SIGTERM, then each exits at once with code 0', async () => {
    await supervisor.stop();
    expect(exits.map(({ name, code, signal }) => ({ name, code, signal })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(KINDS.map((name) => ({ name, code: 0, signal: null })));
    for (const kind of KINDS) expect(said.get(kind)).toContain(`[${kind}] SIGTERM while starting: exiting`);
  });
});
