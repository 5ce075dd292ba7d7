/**
 * The checkpoint moves of one projector process's runners over events they ignore, gathered into one
 * statement. The runners mostly read the same page of `$all` at once (SharedReader), and most of them
 * ignore most events: a save moved about twenty checkpoints one UPDATE each, the projector's commonest
 * statement (12,848 of 43,512 while the demo seeded). Now the moves asked for in one turn of the event
 * loop are one UPDATE. Each row still moves only where it stands where its runner last saw it, and each
 * runner learns whether its own moved, exactly as with a statement of its own.
 */
import type { Knex } from 'knex';
import { RELAX_IN_STATEMENT } from './relaxed-commit.ts';

interface Move {
  name: string;
  from: string | null;
  to: string;
  done: (moved: boolean) => void;
}

export class CheckpointMoves {
  private pending = new Map<string, Move>();
  private later: Move[] = [];
  private scheduled = false;

  constructor(private readonly db: Knex) {}

  /** Moves `name`'s checkpoint from `from` to `to`; false when it no longer stood at `from` (a swap, another leader) or the statement failed. */
  move(name: string, from: string | null, to: string): Promise<boolean> {
    return new Promise<boolean>((done) => {
      const move = { name, from, to, done };
      // One row may appear once in an UPDATE ... FROM; a second move of it waits for the next statement.
      if (this.pending.has(name)) this.later.push(move);
      else this.pending.set(name, move);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate, not a microtask: the runners that read one page resume over several microtask turns.
    setImmediate(() => void this.flush());
  }

  private async flush() {
    const moves = [...this.pending.values()];
    const later = this.later.splice(0);
    this.pending = new Map();
    this.scheduled = false;
    try {
      // Relaxed as the batches' commits are (relaxed-commit.ts): the statement is its own transaction.
      const { rows } = await this.db.raw<{ rows: { name: string }[] }>(
        `update projection_checkpoints c set position = m.to_position, updated_at = now()
           from unnest(?::text[], ?::text[], ?::text[]) as m(name, from_position, to_position)
          where c.name = m.name and c.position is not distinct from m.from_position
            and ${RELAX_IN_STATEMENT} is not null
          returning c.name`,
        // One array parameter each (a null `from`: a runner at the start).
        [moves.map((m) => m.name), moves.map((m) => m.from) as string[], moves.map((m) => m.to)],
      );
      const moved = new Set(rows.map((r) => r.name));
      for (const m of moves) m.done(moved.has(m.name));
    } catch {
      // Not made, as if moved by someone else: each runner reads its checkpoint again in a batch of its own
      // (which meets the same trouble alone and retries), rather than every runner of the process failing at once.
      for (const m of moves) m.done(false);
    } finally {
      // A second move of a row goes after the first has committed: it moves from where the first left it.
      for (const m of later) void this.move(m.name, m.from, m.to).then(m.done);
    }
  }
}
