// @vitest-environment jsdom
/** The bulk buttons: the question before a report of all that match, and a report asked while another is made. */
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, mount } from '../../test/dom';

vi.mock('socket.io-client', () => ({ io: () => ({ connected: false, on: () => undefined, emit: () => undefined, disconnect: () => undefined }) }));

const { BulkReportButton, reportAllQuestion } = await import('./BulkActions');
const { meKey } = await import('../../features/auth');

describe('the question before a report of all that match', () => {
  it('given an estimated count, then it says about; given an exact one, then the number', () => {
    expect(reportAllQuestion(1_200_000, 'jobs', true)).toBe('Report all about 1,200,000 matching jobs?');
    expect(reportAllQuestion(12, 'jobs')).toBe('Report all 12 matching jobs?');
  });
});

describe('a report asked while the last one is still made', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The worker never ends a report here: each POST is a new queued operation, each poll says it still is. */
  const queuedServer = () => {
    const asked: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const op = (id: number) => ({ id: String(id), list: 'jobs', action: 'report', status: 'queued', total: null, done: 0, failed: 0, label: 'Queued', file_url: null });
        if (init?.method === 'POST') asked.push(JSON.parse(String(init.body)));
        const id = init?.method === 'POST' ? asked.length : Number(/\/api\/bulk\/(\d+)\//.exec(url)?.[1]);
        return new Response(JSON.stringify(op(id)), { status: init?.method === 'POST' ? 202 : 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    return asked;
  };

  it('given an ops report still being made, when the user asks for it again, then a second report is asked and each has its toast', async () => {
    const asked = queuedServer();
    const qc = new QueryClient();
    qc.setQueryData(meKey, { id: '1', email: 'ann@example.com', display_name: 'Ann Office', account_id: '1', account_name: 'Boring', role: 'office' });
    const m = mount(
      <QueryClientProvider client={qc}>
        <BulkReportButton list="jobs" records="jobs" report="ops" label="Ops report" target={() => ({ ids: ['7', '9'] })} onDone={() => {}} />
      </QueryClientProvider>,
    );
    const button = () => m.container.querySelector('button')!;
    const toasts = () => document.querySelectorAll('[data-testid="file-toast"]').length;
    await act(async () => click(button()));
    await vi.waitFor(() => expect(button().getAttribute('data-busy')).toBe('true'));
    await act(async () => click(button()));
    await vi.waitFor(() => expect(toasts()).toBe(2));
    expect(asked).toEqual([
      { list: 'jobs', action: 'report', report: 'ops', ids: ['7', '9'] },
      { list: 'jobs', action: 'report', report: 'ops', ids: ['7', '9'] },
    ]);
    m.unmount();
  });
});
