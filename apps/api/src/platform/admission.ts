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
import { turnstile, type TurnCounts, type TurnLimits } from './turns.ts';

/** Writes at work at once (WRITES_AT_WORK), queued behind them (WRITE_QUEUE_MAX), and how long one waits (WRITE_QUEUE_WAIT_MS). */
export type AdmissionLimits = TurnLimits;

export const DEFAULT_WRITE_QUEUE_MAX = 200;
export const DEFAULT_WRITE_QUEUE_WAIT_MS = 3_000;

/** The limits from the environment; `atWork` defaults to the write side's connections (write and event store pools). */
export const admissionLimitsFromEnv = (writeConnections: number): AdmissionLimits => ({
  atWork: positiveIntFromEnv('WRITES_AT_WORK', writeConnections),
  waiting: positiveIntFromEnv('WRITE_QUEUE_MAX', DEFAULT_WRITE_QUEUE_MAX),
  waitMs: positiveIntFromEnv('WRITE_QUEUE_WAIT_MS', DEFAULT_WRITE_QUEUE_WAIT_MS),
});

/** What the door has done since the process started (health and the bench read it). */
export type AdmissionCounts = TurnCounts;

/** Methods that change something: the ones that pass the door. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function admissionGate(limits: AdmissionLimits) {
  const door = turnstile(limits);
  const middleware: RequestHandler = (req: Request, res: Response, next) => {
    if (READS.has(req.method)) return next();
    door.take(req, res, () => next(), (why) =>
      next(why === 'full' ? overloaded(`${limits.atWork} writes are at work and ${limits.waiting} more are waiting`) : overloaded(`it waited ${limits.waitMs} ms behind ${limits.atWork} writes at work`)),
    );
  };
  return { middleware, counts: door.counts, limits };
}
