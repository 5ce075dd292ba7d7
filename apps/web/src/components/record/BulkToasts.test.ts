import { describe, expect, it } from 'vitest';
import { opOfReport, toastProgress } from './BulkToasts';
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

describe('a report record followed by the toast', () => {
  it('given a queued report, when followed, then it waits for the worker and has no file yet', () => {
    const op = opOfReport({ id: 7, state: 'queued', file: '/api/reports/7/file/' });
    expect(op).toMatchObject({ id: '7', status: 'queued', file_url: null, action: 'report' });
    expect(toastProgress(op, 'events')).toBe('Waiting for the worker...');
  });

  it('given a ready report, when followed, then it is done with its file and rows; a failed one says why', () => {
    expect(opOfReport({ id: '7', state: 'ready', file: '/api/reports/7/file/', rows: 12 })).toMatchObject({ status: 'done', file_url: '/api/reports/7/file/', total: 12 });
    expect(opOfReport({ id: '7', state: 'failed', error: 'too big' })).toMatchObject({ status: 'failed', message: 'too big' });
  });
});
