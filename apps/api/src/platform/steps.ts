/**
 * Work that yields in steps (a generator: the domain's `orcaCsvSteps`), run so that the api's other
 * requests are served between its steps: one account's 20,000-row upload is parsed in two hundred
 * steps, not in half a second that holds every account's reads.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export async function runSteps<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    // setImmediate, not a resolved promise: requests waiting on I/O get their turn before the next step.
    await nextTurn();
  }
}
