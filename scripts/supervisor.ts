/**
 * Keeps a set of child processes running (`npm start` runs the api, the projector and the worker
 * under it): a child that exits without being asked to is started again after a delay that doubles
 * with each quick crash (0.5 s up to 30 s) and starts over once the child has stayed up for a minute.
 * The other children are left alone, so one crashing process never takes the rest down. A child
 * whose spec asks for it is also restarted when it stops beating: alive but stuck (its heartbeat
 * row stale, `alive` says false), it is killed and started again as a crash would be.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';

export interface ProcessSpec {
  /** Unique among the supervised processes: 'api', 'projector', 'worker', or 'api-2' for a second one. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Restart it when `SupervisorOptions.alive` says it stopped beating (the worker). */
  watchHeartbeat?: boolean;
}

export interface RestartPolicy {
  /** Delay before the first restart after a crash. */
  minDelayMs: number;
  /** The delay doubles with each crash that follows quickly, up to this. */
  maxDelayMs: number;
  /** A child up at least this long counts as healthy: its next crash restarts after minDelayMs again. */
  resetAfterMs: number;
}

export const DEFAULT_POLICY: RestartPolicy = { minDelayMs: 500, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** The delay before restarting a child that was up `upForMs` and was last restarted after `previousMs` (null: never). */
export function nextDelay(previousMs: number | null, upForMs: number, p: RestartPolicy = DEFAULT_POLICY): number {
  if (previousMs === null || upForMs >= p.resetAfterMs) return p.minDelayMs;
  return Math.min(previousMs * 2, p.maxDelayMs);
}

export interface SupervisorOptions extends Partial<RestartPolicy> {
  /** 'inherit' (npm start) or 'pipe' (tests read each line through onLine). */
  stdio?: 'inherit' | 'pipe';
  onLine?: (name: string, line: string) => void;
  log?: (message: string) => void;
  /** How long stop() waits for SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
  /** Whether a watched child still beats: false kills it (it is restarted as a crash); null is unknown (no beat yet, the database away). */
  alive?: (name: string, pid: number) => Promise<boolean | null>;
  /** How often watched children are asked after (default 5 s). */
  aliveEveryMs?: number;
}

export interface SupervisorEvents {
  spawn: [{ name: string; pid: number }];
  exit: [{ name: string; code: number | null; signal: NodeJS.Signals | null; upForMs: number }];
  restart: [{ name: string; delayMs: number; restarts: number }];
}

interface Slot {
  spec: ProcessSpec;
  child: ChildProcess | null;
  startedAt: number;
  delayMs: number | null;
  restarts: number;
  timer: NodeJS.Timeout | null;
  paused: boolean;
}

export class Supervisor extends EventEmitter<SupervisorEvents> {
  private readonly slots = new Map<string, Slot>();
  private readonly policy: RestartPolicy;
  private stopping = false;
  private watcher: NodeJS.Timeout | null = null;

  constructor(
    specs: ProcessSpec[],
    private readonly o: SupervisorOptions = {},
  ) {
    super();
    this.policy = {
      minDelayMs: o.minDelayMs ?? DEFAULT_POLICY.minDelayMs,
      maxDelayMs: o.maxDelayMs ?? DEFAULT_POLICY.maxDelayMs,
      resetAfterMs: o.resetAfterMs ?? DEFAULT_POLICY.resetAfterMs,
    };
    for (const spec of specs) {
      if (this.slots.has(spec.name)) throw new Error(`two processes named ${spec.name}`);
      this.slots.set(spec.name, { spec, child: null, startedAt: 0, delayMs: null, restarts: 0, timer: null, paused: false });
    }
  }

  start(): this {
    for (const slot of this.slots.values()) this.launch(slot);
    const alive = this.o.alive;
    if (alive && [...this.slots.values()].some((s) => s.spec.watchHeartbeat)) {
      this.watcher = setInterval(() => void this.watch(alive), this.o.aliveEveryMs ?? 5000);
      this.watcher.unref();
    }
    return this;
  }

  /** Kills each watched child that has stopped beating; the exit handler restarts it. */
  private async watch(alive: NonNullable<SupervisorOptions['alive']>) {
    for (const slot of this.slots.values()) {
      const child = slot.child;
      if (!slot.spec.watchHeartbeat || !child?.pid || this.stopping) continue;
      const beating = await alive(slot.spec.name, child.pid).catch(() => null);
      if (beating !== false || slot.child !== child) continue;
      this.o.log?.(`${slot.spec.name} (pid ${child.pid}) stopped beating: killing it to restart it`);
      child.kill('SIGKILL');
    }
  }

  /** The pid of a running child, or null while it is down. */
  pid(name: string): number | null {
    return this.slot(name).child?.pid ?? null;
  }

  restarts(name: string): number {
    return this.slot(name).restarts;
  }

  /** Sends a signal to a child as an outsider would (SIGKILL: a crash); it is restarted by the policy. */
  kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): void {
    this.slot(name).child?.kill(signal);
  }

  /** Kills a child and keeps it down until resume() (an operator's pause, or a test of a dead process). */
  pause(name: string): Promise<void> {
    const slot = this.slot(name);
    slot.paused = true;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const child = slot.child;
    if (!child) return Promise.resolve();
    const gone = new Promise<void>((ok) => child.once('exit', () => ok()));
    child.kill('SIGKILL');
    return gone;
  }

  resume(name: string): void {
    const slot = this.slot(name);
    slot.paused = false;
    if (!slot.child && !slot.timer) this.launch(slot);
  }

  /** Ends every child (SIGTERM, then SIGKILL after stopTimeoutMs) and restarts none. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.watcher) clearInterval(this.watcher);
    const timeout = this.o.stopTimeoutMs ?? 5000;
    await Promise.all(
      [...this.slots.values()].map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        const child = slot.child;
        if (!child) return;
        const gone = new Promise<void>((ok) => child.once('exit', () => ok()));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), timeout);
        await gone;
        clearTimeout(force);
      }),
    );
  }

  private slot(name: string): Slot {
    const slot = this.slots.get(name);
    if (!slot) throw new Error(`no supervised process named ${name}`);
    return slot;
  }

  private launch(slot: Slot): void {
    slot.timer = null;
    if (this.stopping || slot.paused) return;
    const { spec } = slot;
    const pipe = this.o.stdio === 'pipe';
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env ?? process.env, stdio: pipe ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    slot.child = child;
    slot.startedAt = Date.now();
    if (pipe) for (const s of [child.stdout!, child.stderr!]) createInterface({ input: s }).on('line', (line) => this.o.onLine?.(spec.name, line));
    child.on('error', (e) => {
      this.o.log?.(`${spec.name}: ${e.message}`);
      // A command that could not be spawned at all may never emit 'exit': count it as a crash.
      if (!child.pid) this.exited(slot, child, null, null);
    });
    if (child.pid) this.emit('spawn', { name: spec.name, pid: child.pid });
    child.once('exit', (code, signal) => this.exited(slot, child, code, signal));
  }

  private exited(slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.child !== child) return;
    slot.child = null;
    const upForMs = Date.now() - slot.startedAt;
    this.emit('exit', { name: slot.spec.name, code, signal, upForMs });
    if (this.stopping || slot.paused) return;
    slot.delayMs = nextDelay(slot.delayMs, upForMs, this.policy);
    slot.restarts += 1;
    this.o.log?.(`${slot.spec.name} exited (${signal ?? `code ${code}`}) after ${Math.round(upForMs / 100) / 10} s; restarting in ${slot.delayMs / 1000} s`);
    this.emit('restart', { name: slot.spec.name, delayMs: slot.delayMs, restarts: slot.restarts });
    slot.timer = setTimeout(() => this.launch(slot), slot.delayMs);
  }
}
