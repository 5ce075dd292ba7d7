import { describe, expect, it } from 'vitest';
import { reportDecider } from './report.ts';
import type { ReportEvent } from './events.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { idList } from '../shared/report-catalogue.ts';
import { reportView } from './view.ts';

const requested: ReportEvent = { type: 'ReportRequested', data: { id: '30', report: 'projects.management', label: 'Project management report', format: 'xlsx', params: { ids: ['1'] }, file_name: 'r.xlsx' } };
const file = { sha256: 'c'.repeat(64), size: 100, content_type: 'application/pdf', file_name: 'r.xlsx' };

describe('report decider', () => {
  it('given a request, then it is queued and belongs to whoever asked', () => {
    const s = given(reportDecider, [requested]).state;
    expect(s).toMatchObject({ id: '30', state: 'queued', requested_by: meta().userId, requested_by_name: 'Pat Office' });
    expect(reportView(s).file).toBeNull();
  });

  it('given a started report, when its file is recorded, then it is ready with a download link', () => {
    const { events, state } = given(reportDecider, [requested, { type: 'ReportStarted', data: { attempt: 1 } }]).then({ type: 'RecordReportGenerated', file, rows: 3 });
    expect(events.map((e) => e.type)).toEqual(['ReportGenerated']);
    expect(reportView(state)).toMatchObject({ state: 'ready', size: 100, rows: 3, file: '/api/reports/30/file/' });
  });

  it('given a ready report, when a retried worker records it again, then nothing more (it completes once)', () => {
    const g = given(reportDecider, [requested, { type: 'ReportStarted', data: { attempt: 1 } }, { type: 'ReportGenerated', data: { file, rows: 3 } }]);
    expect(g.when({ type: 'StartReport' })).toEqual([]);
    expect(g.when({ type: 'RecordReportGenerated', file, rows: 3 })).toEqual([]);
    expect(g.when({ type: 'RecordReportFailed', error: 'x', attempt: 2 })).toEqual([]);
  });

  it('given a worker killed after starting, when the retry starts, then it is recorded as attempt 2', () => {
    const { state } = given(reportDecider, [requested, { type: 'ReportStarted', data: { attempt: 1 } }]).then({ type: 'StartReport' });
    expect(state).toMatchObject({ state: 'working', attempts: 2 });
  });

  it('given no request, when a file is recorded, then not_found', () => {
    expect(refusedWith(() => given(reportDecider, []).when({ type: 'RecordReportGenerated', file, rows: 0 })).code).toBe('not_found');
  });
});

describe('report ids', () => {
  it('parses a comma list, each once', () => {
    expect(idList().parse('3, 1,3,,2')).toEqual(['3', '1', '2']);
  });
  it('refuses none and non-ids', () => {
    expect(idList().safeParse('').success).toBe(false);
    expect(idList().safeParse('1,abc').success).toBe(false);
  });
});
