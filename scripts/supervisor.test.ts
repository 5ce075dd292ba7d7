/** The supervisor with real child processes (tiny node scripts): restarts, backoff, isolation, stop. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, Supervisor, nextDelay, type ProcessSpec } from './supervisor.ts';

const node = (name: string, script: string): ProcessSpec => ({ name, command: process.execPath, args: ['-e', script] });
const CRASH_AT_ONCE = 'process.exit(3)';
const STAY_UP = 'setInterval(() => {}, 1000)';
const IGNORE_SIGTERM = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('ready')";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let running: Supervisor | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

const supervise = (specs: ProcessSpec[], o: ConstructorParameters<typeof Supervisor>[1] = {}) => (running = new Supervisor(specs, { stdio: 'pipe', stopTimeoutMs: 500, ...o }));

const restartDelays = (s: Supervisor, name: string, count: number) =>
  new Promise<number[]>((resolve) => {
    const delays: number[] = [];
    s.on('restart', (r) => {
      if (r.name !== name) return;
      delays.push(r.delayMs);
      if (delays.length === count) resolve(delays);
    });
  });

const spawned = (s: Supervisor, name: string) => new Promise<number>((resolve) => s.on('spawn', (p) => p.name === name && resolve(p.pid)));

describe('nextDelay', () => {
  it('given no crash before, when a child crashes, then it is restarted after the shortest delay', () => {
    expect(nextDelay(null, 10)).toBe(500);
  });

  it('given a child that crashed quickly again, when the delay is worked out, then it doubles up to the cap', () => {
    expect(nextDelay(500, 10)).toBe(1000);
    expect(nextDelay(16_000, 10)).toBe(30_000);
    expect(nextDelay(30_000, 10)).toBe(30_000);
  });

  it('given a child that stayed up a minute, when it crashes, then the delay starts over', () => {
    expect(nextDelay(30_000, DEFAULT_POLICY.resetAfterMs)).toBe(500);
  });
});

describe('the supervisor', () => {
  it('given a child that crashes at once, when supervised, then it is restarted each time with a doubling delay up to the cap', async () => {
    const s = supervise([node('crasher', CRASH_AT_ONCE)], { minDelayMs: 20, maxDelayMs: 80, resetAfterMs: 60_000 });
    const delays = restartDelays(s, 'crasher', 5);
    s.start();
    expect(await delays).toEqual([20, 40, 80, 80, 80]);
    expect(s.restarts('crasher')).toBeGreaterThanOrEqual(5);
  });

  it('given a child that stays up longer than the reset time, when it crashes, then every restart waits only the shortest delay', async () => {
    const s = supervise([node('flaky', 'setTimeout(() => process.exit(1), 300)')], { minDelayMs: 20, maxDelayMs: 1000, resetAfterMs: 200 });
    const delays = restartDelays(s, 'flaky', 3);
    s.start();
    expect(await delays).toEqual([20, 20, 20]);
  });

  it('given two children, when one keeps crashing, then the other keeps running untouched', async () => {
    const s = supervise([node('steady', STAY_UP), node('crasher', CRASH_AT_ONCE)], { minDelayMs: 20, maxDelayMs: 40 });
    const steadyPid = spawned(s, 'steady');
    const delays = restartDelays(s, 'crasher', 4);
    s.start();
    const pid = await steadyPid;
    await delays;
    expect(s.pid('steady')).toBe(pid);
    expect(alive(pid)).toBe(true);
    expect(s.restarts('steady')).toBe(0);
  });

  it('given a running child, when it is killed with SIGKILL, then it is started again with a new pid', async () => {
    const s = supervise([node('victim', STAY_UP)], { minDelayMs: 20 });
    const first = spawned(s, 'victim');
    s.start();
    const pid = await first;
    const second = spawned(s, 'victim');
    s.kill('victim');
    const again = await second;
    expect(again).not.toBe(pid);
    expect(alive(again)).toBe(true);
    expect(s.restarts('victim')).toBe(1);
  });

  it('given a paused child, when resumed, then it runs again; while paused it stays down', async () => {
    const s = supervise([node('paused', STAY_UP)], { minDelayMs: 20 });
    const first = spawned(s, 'paused');
    s.start();
    const pid = await first;
    await s.pause('paused');
    expect(alive(pid)).toBe(false);
    await new Promise((r) => setTimeout(r, 100)); // several restart delays: nothing may start meanwhile
    expect(s.pid('paused')).toBeNull();
    const second = spawned(s, 'paused');
    s.resume('paused');
    expect(alive(await second)).toBe(true);
  });

  it('given running children, one of them deaf to SIGTERM, when stopped, then every child is gone and none restarts', async () => {
    const ready: string[] = [];
    const s = supervise([node('polite', STAY_UP), node('deaf', IGNORE_SIGTERM)], { minDelayMs: 20, onLine: (name, line) => line === 'ready' && ready.push(name) });
    const pids = Promise.all([spawned(s, 'polite'), spawned(s, 'deaf')]);
    s.start();
    const [polite, deaf] = await pids;
    await expect.poll(() => ready).toEqual(['deaf']); // its SIGTERM handler is in place
    let restarted = false;
    s.on('restart', () => (restarted = true));
    await s.stop();
    expect(alive(polite)).toBe(false);
    expect(alive(deaf)).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(restarted).toBe(false);
    expect([s.pid('polite'), s.pid('deaf')]).toEqual([null, null]);
  });
});

describe('a watched child that stops beating', () => {
  it('given a watched child its heartbeat says stopped beating, when the supervisor looks, then it is killed and started again; an unwatched one is left alone', async () => {
    // The heartbeat's answer: the first worker pid has stopped beating; every later one beats.
    let stuck: number | null = null;
    const s = supervise([{ ...node('worker', STAY_UP), watchHeartbeat: true }, node('api', STAY_UP)], {
      minDelayMs: 10,
      aliveEveryMs: 50,
      alive: async (name, pid) => {
        if (name === 'api') return false;
        stuck ??= pid;
        return pid !== stuck;
      },
    });
    const restarted = restartDelays(s, 'worker', 1);
    const apiPid = spawned(s, 'api');
    s.start();
    await restarted;
    expect(s.restarts('worker')).toBe(1);
    expect(alive(stuck!)).toBe(false);
    await expect.poll(() => s.pid('worker')).not.toBe(stuck);
    // The api said false too, but is not watched: still the first process.
    expect(s.restarts('api')).toBe(0);
    expect(alive(await apiPid)).toBe(true);
  });

  it('given a watched child whose heartbeat is unknown (no beat yet, the database away), then it is left running', async () => {
    const s = supervise([{ ...node('worker', STAY_UP), watchHeartbeat: true }], { aliveEveryMs: 30, alive: async () => null });
    const pid = spawned(s, 'worker');
    s.start();
    const first = await pid;
    await new Promise((r) => setTimeout(r, 300));
    expect(s.restarts('worker')).toBe(0);
    expect(s.pid('worker')).toBe(first);
  });
});
