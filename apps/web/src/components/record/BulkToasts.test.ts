import { describe, expect, it } from 'vitest';
import { toastProgress } from './BulkToasts';
import type { BulkOperation } from './useBulkOperation';

const op = (o: Partial<BulkOperation>): BulkOperation => ({ id: '1', list: 'jobs', action: 'report', status: 'running', total: 1234, done: 0, failed: 0, label: 'Reporting...', file_url: null, ...o });

describe("a bulk toast's progress words", () => {
  it('given an operation the worker has not counted yet, then it waits for the worker', () => {
    expect(toastProgress(op({ status: 'queued', total: null }), 'jobs')).toBe('Waiting for the worker...');
  });

  it("given a report at the worker's fetching step, then the toast says the step and how many rows it covers", () => {
    expect(toastProgress(op({ label: 'Fetching...' }), 'jobs')).toBe('Fetching... 1,234 jobs');
  });

  it('given a report the worker has started but not yet named a step of, then it is building', () => {
    expect(toastProgress(op({ label: 'Reporting...' }), 'jobs')).toBe('Building... 1,234 jobs');
  });

  it('given a zip, then it counts the records done of all', () => {
    expect(toastProgress(op({ action: 'zip', done: 200, label: 'Zipping...' }), 'projects')).toBe('Building... 200 of 1,234 projects');
  });
});
