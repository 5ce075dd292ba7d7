/**
 * Document counters: one counter record per account and kind (the kind is data: whatever a record's
 * declaration names as its counter). The account's counter of a kind is its one record of the counter
 * aggregate under the key `<aggregate>:<kind>` in `account_records`; the api opens it on first use
 * (its singletons), the worker only finds it.
 *
 * Writers of a counter queue on its snapshot row (commands.ts), so concurrent requests get consecutive,
 * distinct numbers. Requests for numbers of one counter that arrive while a commit is in flight wait
 * and are answered together by the next commit (one event per number, each stamped with its
 * requester): the commits of one counter are serial, so one commit per request would cap a counter
 * at one fsync per number.
 */
import type { Knex } from 'knex';
import type { CommandHandler, ExecuteOptions, Executed, Writer } from './commands.ts';

/** The aggregate every document counter is. */
export const COUNTER_AGGREGATE = 'document_counter';

/** The counter of a kind's key in `account_records`. */
export const counterKey = (kind: string) => `${COUNTER_AGGREGATE}:${kind}`;

/** The account's counter of a kind, or null when it has none open yet. */
export async function findCounter(db: Knex | Knex.Transaction, accountId: string, kind: string): Promise<string | null> {
  const row = await db('account_records').where({ account_id: accountId, key: counterKey(kind) }).first('id');
  return row ? String(row.id) : null;
}

/** The number a counter's write handed out, as the text a record keeps. */
export const issuedNumber = (r: { state: unknown }) => String((r.state as { number: number }).number);

interface Waiter {
  actor: Writer;
  resolve(r: Executed): void;
  reject(e: unknown): void;
}
/** Per command handler (tests run several in one process), per counter: who waits, and whether a commit is in flight. */
const queues = new WeakMap<CommandHandler, Map<string, { waiting: Waiter[]; busy: boolean }>>();
const MAX_BATCH = 200;

async function drain(commands: CommandHandler, id: string, q: { waiting: Waiter[]; busy: boolean }) {
  q.busy = true;
  try {
    while (q.waiting.length) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      try {
        const outcomes = await commands.executeBatch(COUNTER_AGGREGATE, id, batch.map((w) => ({ actor: w.actor, command: { type: 'IssueNumber' } })));
        outcomes.forEach((o, i) => (o.ok ? batch[i].resolve(o.result) : batch[i].reject(o.error)));
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
  } finally {
    q.busy = false;
  }
}

/**
 * Hand out the next number of a counter (its id): queued with the other requests for it. With side
 * writes (a row that must keep the number, or the number is not spent) the number is issued on its own.
 */
export function issueNumber(commands: CommandHandler, actor: Writer, counterId: string, o: Pick<ExecuteOptions, 'sideWrites'> = {}): Promise<Executed> {
  if (o.sideWrites) return commands.execute(actor, COUNTER_AGGREGATE, counterId, { type: 'IssueNumber' }, { sideWrites: o.sideWrites });
  let byCounter = queues.get(commands);
  if (!byCounter) queues.set(commands, (byCounter = new Map()));
  let q = byCounter.get(counterId);
  if (!q) byCounter.set(counterId, (q = { waiting: [], busy: false }));
  const queue = q;
  return new Promise<Executed>((resolve, reject) => {
    queue.waiting.push({ actor, resolve, reject });
    if (!queue.busy) void drain(commands, counterId, queue);
  });
}

/** The next number of a counter, as the text a record keeps (a job's number, a ticket's). */
export const nextNumber = async (commands: CommandHandler, actor: Writer, counterId: string, o: Pick<ExecuteOptions, 'sideWrites'> = {}): Promise<string> =>
  issuedNumber(await issueNumber(commands, actor, counterId, o));
