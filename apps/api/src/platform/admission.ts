/**
 * The write side's door (docs/architecture.md "Load held, overload refused early"): at most `atWork`
 * writes of this api at work at once (the write and event store pools' connections, so a write never
 * waits long enough on a pool to meet its connect timeout), at most `waiting` more queued in arrival order for at most `waitMs` each; past
 * that bound a write is refused at once, before its session, body or record is read: a 503 with
 * Retry-After that says nothing was saved. Reads never wait here.
 */
import type { Request, RequestHandler, Response } from 'express';
import { positiveIntFromEnv } from '@trenchline/read-model';
import { overloaded } from './errors.ts';

export interface AdmissionLimits {
  /** Writes at work at once. */
  atWork: number;
  /** Writes queued behind them (WRITE_QUEUE_MAX). */
  waiting: number;
  /** How long a queued write waits for its turn before it is refused (WRITE_QUEUE_WAIT_MS). */
  waitMs: number;
}

export const DEFAULT_WRITE_QUEUE_MAX = 200;
export const DEFAULT_WRITE_QUEUE_WAIT_MS = 3_000;

/** The limits from the environment; `atWork` defaults to the write side's connections (write and event store pools). */
export const admissionLimitsFromEnv = (writeConnections: number): AdmissionLimits => ({
  atWork: positiveIntFromEnv('WRITES_AT_WORK', writeConnections),
  waiting: positiveIntFromEnv('WRITE_QUEUE_MAX', DEFAULT_WRITE_QUEUE_MAX),
  waitMs: positiveIntFromEnv('WRITE_QUEUE_WAIT_MS', DEFAULT_WRITE_QUEUE_WAIT_MS),
});

/** What the door has done since the process started (health and the bench read it). */
export interface AdmissionCounts {
  atWork: number;
  waiting: number;
  admitted: number;
  /** Refused at once: the queue was full. */
  refusedFull: number;
  /** Refused after waiting `waitMs` without a turn. */
  refusedWaited: number;
}

/** Methods that change something: the ones that pass the door. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function admissionGate(limits: AdmissionLimits) {
  const queue: { admit: () => void; timer: NodeJS.Timeout }[] = [];
  const counts: AdmissionCounts = { atWork: 0, waiting: 0, admitted: 0, refusedFull: 0, refusedWaited: 0 };

  /** A turn ended: it passes straight to the first in line (atWork unchanged), or is given back. */
  function passOn() {
    const next = queue.shift();
    counts.waiting = queue.length;
    if (!next) return void counts.atWork--;
    clearTimeout(next.timer);
    next.admit();
  }

  /** Holds the turn until the answer is sent or the client goes away; false when it has gone already. */
  function hold(req: Request, res: Response): boolean {
    counts.admitted++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      passOn();
    };
    res.once('finish', release);
    res.once('close', release);
    // A client that went away while it waited: its turn goes on at once.
    if (res.writableEnded || req.socket.destroyed) release();
    return held;
  }

  const middleware: RequestHandler = (req: Request, res: Response, next) => {
    if (READS.has(req.method)) return next();
    if (counts.atWork < limits.atWork) {
      counts.atWork++;
      if (hold(req, res)) next();
      return;
    }
    if (queue.length >= limits.waiting) {
      counts.refusedFull++;
      return next(overloaded(`${limits.atWork} writes are at work and ${limits.waiting} more are waiting`));
    }
    const entry = {
      admit: () => {
        if (hold(req, res)) next();
      },
      timer: setTimeout(() => {
        queue.splice(queue.indexOf(entry), 1);
        counts.waiting = queue.length;
        counts.refusedWaited++;
        next(overloaded(`it waited ${limits.waitMs} ms behind ${limits.atWork} writes at work`));
      }, limits.waitMs),
    };
    queue.push(entry);
    counts.waiting = queue.length;
  };

  return { middleware, counts: (): AdmissionCounts => ({ ...counts }), limits };
}
