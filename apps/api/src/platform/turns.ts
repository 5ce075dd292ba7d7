/**
 * Turns for requests: at most `atWork` at work at once, at most `waiting` more queued in arrival order
 * for at most `waitMs` each, past that refused. A turn is held until the answer is sent or the client
 * goes away. The write door (admission.ts) and each account's read lane (account-lanes.ts) are one each.
 */
import type { Request, Response } from 'express';

export interface TurnLimits {
  /** Requests at work at once. */
  atWork: number;
  /** Requests queued behind them. */
  waiting: number;
  /** How long a queued request waits for its turn before it is refused. */
  waitMs: number;
}

/** What a turnstile has done since it was made (health and the benches read the door's). */
export interface TurnCounts {
  atWork: number;
  waiting: number;
  admitted: number;
  /** Refused at once: the queue was full. */
  refusedFull: number;
  /** Refused after waiting `waitMs` without a turn. */
  refusedWaited: number;
}

export type Refusal = 'full' | 'waited';

export interface Turnstile {
  /** `go` once the request has a turn; `refuse` when the queue is full or its wait ran out. */
  take(req: Request, res: Response, go: () => void, refuse: (why: Refusal) => void): void;
  /**
   * The request's turn passed on while `work` waits on something else (the worker, the projector),
   * taken again, ahead of the queue, when it ends. Only for a request holding a turn of this turnstile.
   */
  lendWhile<T>(res: Response, work: Promise<T>): Promise<T>;
  /** Nothing at work and nothing waiting. */
  idle(): boolean;
  counts(): TurnCounts;
}

export function turnstile(limits: TurnLimits): Turnstile {
  const queue: { admit: () => void; timer: NodeJS.Timeout | null }[] = [];
  const counts: TurnCounts = { atWork: 0, waiting: 0, admitted: 0, refusedFull: 0, refusedWaited: 0 };
  /** The turn each request holds: given back once, whichever comes first (answer sent, client gone, lent). */
  const held = new WeakMap<Response, () => void>();

  /** A turn ended: it passes straight to the first in line (atWork unchanged), or is given back. */
  function passOn() {
    const next = queue.shift();
    counts.waiting = queue.length;
    if (!next) return void counts.atWork--;
    if (next.timer) clearTimeout(next.timer);
    next.admit();
  }

  /** Holds the turn until the answer is sent or the client goes away; false when it has gone already. */
  function hold(req: Request, res: Response): boolean {
    let holding = true;
    const release = () => {
      if (!holding) return;
      holding = false;
      held.delete(res);
      // A turn lent and taken again holds anew: the old hold's listeners must not pile up on the answer.
      res.off('finish', release).off('close', release);
      passOn();
    };
    held.set(res, release);
    res.once('finish', release);
    res.once('close', release);
    // A client that went away while it waited: its turn goes on at once.
    if (res.writableEnded || req.socket.destroyed) release();
    return holding;
  }

  return {
    take(req, res, go, refuse) {
      if (counts.atWork < limits.atWork) {
        counts.atWork++;
        counts.admitted++;
        if (hold(req, res)) go();
        return;
      }
      if (queue.length >= limits.waiting) {
        counts.refusedFull++;
        return refuse('full');
      }
      const entry = {
        admit: () => {
          counts.admitted++;
          if (hold(req, res)) go();
        },
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          counts.waiting = queue.length;
          counts.refusedWaited++;
          refuse('waited');
        }, limits.waitMs) as NodeJS.Timeout | null,
      };
      queue.push(entry);
      counts.waiting = queue.length;
    },
    async lendWhile(res, work) {
      const release = held.get(res);
      if (!release) return work;
      const req = res.req;
      release();
      try {
        return await work;
      } finally {
        // Taken again ahead of those waiting, never refused: its work has begun.
        if (!res.writableEnded && !req.socket.destroyed) {
          if (counts.atWork < limits.atWork) {
            counts.atWork++;
            hold(req, res);
          } else {
            await new Promise<void>((ok) => {
              queue.unshift({ admit: () => (hold(req, res), ok()), timer: null });
              counts.waiting = queue.length;
            });
          }
        }
      }
    },
    idle: () => counts.atWork === 0 && queue.length === 0,
    counts: () => ({ ...counts }),
  };
}
