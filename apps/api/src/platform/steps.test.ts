import { describe, expect, it } from 'vitest';
import { runSteps } from './steps.ts';

describe('runSteps', () => {
  it('given another request waiting for the event loop, when a work of three steps runs, then the request is served after the first step, before the rest, and the work returns its value', async () => {
    const order: string[] = [];
    function* work() {
      order.push('step 1');
      yield;
      order.push('step 2');
      yield;
      order.push('step 3');
      return 42;
    }
    setImmediate(() => order.push('another request'));
    const running = runSteps(work());
    expect(await running).toBe(42);
    expect(order).toEqual(['step 1', 'another request', 'step 2', 'step 3']);
  });
});
