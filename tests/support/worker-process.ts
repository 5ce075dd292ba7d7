/**
 * A worker process as `npm start` runs it (its own node, tsx loaded), on a given app's database, queue,
 * files and live channel: for the tests and benches that kill a worker midway and start another.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { REDIS_URL } from '@trenchline/read-model';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface WorkerTarget {
  databaseUrl: string;
  filesDir: string;
  liveKey: string;
  queuePrefix: string;
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the worker says it is ready; rejects if it exits first. */
  ready: Promise<void>;
  output: () => string;
}

/** `env` adds to or overrides the worker's environment (e.g. WORKER_LOCK_MS); `loader` is tsx's import (default 'tsx'). */
export function startWorkerProcess(target: WorkerTarget, env: Record<string, string> = {}, loader = 'tsx'): WorkerProcess {
  const child = spawn(process.execPath, ['--import', loader, 'apps/worker/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: target.databaseUrl, REDIS_URL, FILES_DIR: target.filesDir, LIVE_KEY: target.liveKey, QUEUE_PREFIX: target.queuePrefix, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const ready = new Promise<void>((ok, fail) => {
    child.stdout!.on('data', () => output.includes('[worker] ready') && ok());
    child.on('exit', (code) => fail(new Error(`worker exited ${code}: ${output}`)));
  });
  return { child, ready, output: () => output };
}

/**
 * Worker processes on a test file's app (`app` may be apiTest's stand-in), started as a test needs them
 * and each killed when the file ends; a short lock so a killed worker's job is soon found stalled.
 */
export function workerProcesses(app: WorkerTarget) {
  const workers: ChildProcess[] = [];
  afterAll(() => workers.forEach((w) => w.kill('SIGKILL')));
  return (env: Record<string, string> = {}): WorkerProcess => {
    const w = startWorkerProcess(app, { WORKER_LOCK_MS: '1500', ...env });
    workers.push(w.child);
    return w;
  };
}

export type BulkProgress = { status: string; total: number | null; done: number; failed: number };

/** A bulk operation's progress as its requester reads it, and a catch that prints it and the worker's log before failing. */
export function bulkProgressOf(client: { get(path: string): Promise<{ body: unknown }> }) {
  const progressOf = async (id: string) => (await client.get(`/api/bulk/${id}/`)).body as BulkProgress;
  const tell = (opId: string, output: () => string) => async (e: unknown) => {
    console.log(JSON.stringify(await progressOf(opId)), output());
    throw e;
  };
  return { progressOf, tell };
}
