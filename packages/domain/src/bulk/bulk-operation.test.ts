import { describe, expect, it } from 'vitest';
import { bulkOperationDecider } from './bulk-operation.ts';
import type { BulkOperationEvent } from './events.ts';
import { bulkOperationView } from './view.ts';
import { bulkZipName, zipEntryNamer } from './rules.ts';
import { bulkList } from '../registry.ts';

const BULK_LISTS = Object.fromEntries(['jobs', 'bids', 'tickets'].map((n) => [n, bulkList(n)]));
import { given, refusedWith } from '../shared/testing.ts';

const requested: BulkOperationEvent = { type: 'BulkOperationRequested', data: { id: '40', list: 'jobs', action: 'archive', report: null, format: null, selection: { filter: { active: true }, except: ['3'] } } };

describe('bulk operation decider', () => {
  it('given a request, then it is queued and shows the action label until the worker reports progress', () => {
    const s = given(bulkOperationDecider, [requested]).state;
    expect(bulkOperationView(s)).toEqual({ id: '40', list: 'jobs', action: 'archive', status: 'queued', total: null, done: 0, failed: 0, label: 'Archiving...', file_url: null, message: null });
    expect(bulkOperationView(s, { status: 'running', total: 10, done: 4, failed: 1 })).toMatchObject({ status: 'running', total: 10, done: 4, failed: 1, label: 'Archiving...' });
  });

  it('given a running operation, when the worker records its end, then done with the counts, once', () => {
    const g = given(bulkOperationDecider, [requested]);
    const { events, state } = g.then({ type: 'RecordBulkOperationFinished', total: 10, done: 9, failed: 1, file: null });
    expect(events.map((e) => e.type)).toEqual(['BulkOperationFinished']);
    expect(bulkOperationView(state, { status: 'running', done: 3 })).toMatchObject({ status: 'done', total: 10, done: 9, failed: 1 });
    const again = given(bulkOperationDecider, [requested, ...events]);
    expect(again.when({ type: 'RecordBulkOperationFinished', total: 10, done: 9, failed: 1, file: null })).toEqual([]);
    expect(again.when({ type: 'RecordBulkOperationFailed', message: 'x' })).toEqual([]);
  });

  it('given a zip with nothing to zip, when the worker records its end, then the record alone shows the message, before the progress row says it', () => {
    const { state } = given(bulkOperationDecider, [requested]).then({ type: 'RecordBulkOperationFinished', total: 1, done: 0, failed: 1, file: null, message: 'Please upload a file first...' });
    expect(bulkOperationView(state, { status: 'running', message: null })).toMatchObject({ status: 'done', failed: 1, file_url: null, message: 'Please upload a file first...' });
  });

  it('given a running operation, when cancelled, then it is cancelled once, shows how far the worker got, and no end is recorded after', () => {
    const { events, state } = given(bulkOperationDecider, [requested]).then({ type: 'CancelBulkOperation' });
    expect(events.map((e) => e.type)).toEqual(['BulkOperationCancelled']);
    expect(bulkOperationView(state, { status: 'cancelled', total: 10, done: 4, failed: 0 })).toMatchObject({ status: 'cancelled', total: 10, done: 4, label: 'Cancelled', file_url: null });
    const after = given(bulkOperationDecider, [requested, ...events]);
    expect(after.when({ type: 'CancelBulkOperation' })).toEqual([]);
    expect(after.when({ type: 'RecordBulkOperationFinished', total: 10, done: 10, failed: 0, file: null })).toEqual([]);
    expect(after.when({ type: 'RecordBulkOperationFailed', message: 'x' })).toEqual([]);
  });

  it('given a finished operation, when cancelled (a late click), then nothing changes', () => {
    const finished: BulkOperationEvent = { type: 'BulkOperationFinished', data: { total: 1, done: 1, failed: 0, file: null } };
    expect(given(bulkOperationDecider, [requested, finished]).when({ type: 'CancelBulkOperation' })).toEqual([]);
  });

  it('given no request, when an end is recorded, then not_found; a second request is already_exists', () => {
    expect(refusedWith(() => given(bulkOperationDecider, []).when({ type: 'RecordBulkOperationFailed', message: 'x' })).code).toBe('not_found');
    const r = { type: 'RequestBulkOperation' as const, operationId: '40', list: 'jobs' as const, action: 'delete' as const, report: null, format: null, selection: { ids: ['1'] } };
    expect(refusedWith(() => given(bulkOperationDecider, [requested]).when(r)).code).toBe('already_exists');
  });
});

describe('bulk import', () => {
  const file = { sha256: 'a'.repeat(64), size: 120, file_name: 'orca.csv' };
  const ask = (o: { list?: 'orca_jobs' | 'jobs'; action?: 'import' | 'archive'; selection?: object }) => ({
    type: 'RequestBulkOperation' as const,
    operationId: '41',
    list: o.list ?? 'orca_jobs',
    action: o.action ?? 'import',
    report: null,
    format: null,
    selection: (o.selection ?? { file }) as { file: typeof file },
  });

  it('given an import of a file into orca_jobs, when requested, then it is queued as Importing...', () => {
    const { state } = given(bulkOperationDecider, []).then(ask({}));
    expect(bulkOperationView(state)).toMatchObject({ list: 'orca_jobs', action: 'import', status: 'queued', label: 'Importing...' });
    expect(state.selection).toEqual({ file });
  });

  it('given an import without a file, into another list, or a file with another action, when requested, then refused naming action', () => {
    for (const r of [ask({ selection: { ids: ['1'] } }), ask({ list: 'jobs' }), ask({ action: 'archive' })]) expect(refusedWith(() => given(bulkOperationDecider, []).when(r)).fields).toHaveProperty('action');
  });
});

describe('bulk zip names', () => {
  it('names the zip as the web does, and each bundle after its record, repeats numbered', () => {
    expect(bulkZipName(bulkList('jobs'), '2026-03-07')).toBe('Job PDF Bundles 3-7-2026.zip');
    const name = zipEntryNamer();
    const job = BULK_LISTS.jobs.entryPrefix({ id: '5', account_job_number: '1004', title: 'Main St bore' });
    expect(name(job, 'b.pdf')).toBe('Job 1004 Main St bore - b.pdf');
    expect(name(job, 'b.pdf')).toBe('Job 1004 Main St bore - b (2).pdf');
    expect(name(BULK_LISTS.bids.entryPrefix({ id: '9', work_request: 'WR/7' }), null)).toBe('WR-7 - bundle.pdf');
  });

  it('given file names with a path, a NUL, a line break or unicode, and names repeated, then every entry is one flat safe name, none twice', () => {
    const name = zipEntryNamer();
    const ticket = BULK_LISTS.tickets.entryPrefix({ id: '3', account_ticket_number: '12' });
    const entries = [
      name(ticket, '../../../../tmp/x.png'),
      name(ticket, '..\\..\\x.png'),
      name(ticket, 'X.PNG'),
      name(ticket, 'a\u0000b\r\n.png'),
      name(ticket, 'Café_日本.png'),
      name(ticket, '..', 'photo 5.png'),
      name('../../etc', 'passwd'),
    ];
    expect(entries).toEqual(['12 - x.png', '12 - x (2).png', '12 - X (3).PNG', '12 - ab.png', '12 - Café_日本.png', '12 - photo 5.png', '-.-etc - passwd']);
    for (const e of entries) expect(e).not.toMatch(/[/\\\p{Cc}]|\.\./u);
  });
});
