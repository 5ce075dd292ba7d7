// @vitest-environment jsdom
/** The Reports page against a fake API and a fake socket: live progress, then the row turning ready. */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, mount, type Mounted } from '../../../test/dom';
import type { ReportRow } from '../api/types';

// The one socket realtime.ts opens: handlers kept so the test can play the server.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('socket.io-client', () => ({
  io: () => ({
    connected: false,
    on: (name: string, fn: (payload: unknown) => void) => handlers.set(name, fn),
    emit: () => undefined,
    disconnect: () => undefined,
  }),
}));

const { startRealtime, stopRealtime } = await import('../../../lib/realtime');
const { ReportsPage } = await import('./ReportsPage');

const report = (id: string, over: Partial<ReportRow> = {}): ReportRow => ({
  id,
  report: 'projects.management',
  label: `Management report ${id}`,
  format: 'xlsx',
  state: 'queued',
  file_name: null,
  size: null,
  requested_by: '7',
  requested_by_name: 'Ann Office',
  requested_at: `2026-11-22T14:0${id}:00.000Z`,
  generated_at: null,
  error: null,
  file: null,
  version: 1,
  ...over,
});

const ready4 = report('4', { state: 'ready', file: '/api/reports/4/file/', file_name: 'management-4.xlsx', size: 20480, generated_at: '2026-11-22T14:04:10.000Z' });
const answers: Record<string, unknown> = {
  '/api/auth/me': { user: { id: '7', email: 'ann@example.com', display_name: 'Ann Office', account_id: '1', account_name: 'Acme' } },
  '/api/reports/': [ready4, report('5')],
  '/api/reports/?all=t': [ready4, report('5'), report('3', { requested_by: '8', requested_by_name: 'Bob Field' })],
  '/api/reports/5/': report('5'),
};

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await act(async () => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const focus = () => document.querySelector<HTMLElement>('[data-testid="report-focus"]');
const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-report-id="${id}"]`);
// react-query tells its observers on a timer: let it run before looking.
async function live(name: string, payload: unknown) {
  await act(async () => {
    handlers.get(name)?.(payload);
    await new Promise((r) => setTimeout(r, 5));
  });
}

describe('Reports page', () => {
  let ui: Mounted;
  let qc: QueryClient;
  const fetched: string[] = [];
  beforeEach(() => {
    fetched.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        const body = answers[url];
        return body === undefined
          ? new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    startRealtime(qc);
  });
  afterEach(() => {
    ui?.unmount();
    stopRealtime();
    vi.unstubAllGlobals();
  });

  const open = (path: string) =>
    mount(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={[path]}>
          <ReportsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('given ?id= of a report in progress, then its progress shows live and, once ready, a Download button', async () => {
    ui = open('/report/?id=5');
    await until(() => Boolean(row('5')) && Boolean(focus()), 'the list and the focused report');

    // Newest first; the report the URL names is highlighted.
    expect([...document.querySelectorAll('tr[data-report-id]')].map((r) => r.getAttribute('data-report-id'))).toEqual(['5', '4']);
    expect(row('5')?.dataset.highlighted).toBe('true');
    expect(row('4')?.querySelector('a')?.getAttribute('href')).toBe('/api/reports/4/file/');
    expect(row('4')?.textContent).toContain('20.0 KB');
    expect(focus()?.textContent).toContain('being prepared');

    await live('report_progress', { id: '5', label: 'Fetching...', percent: 40 });
    expect(row('5')?.textContent).toContain('Fetching...');
    expect(row('5')?.querySelector('[data-state]')?.getAttribute('data-state')).toBe('working');
    expect(row('5')?.querySelector('[data-testid="report-progress"]')).not.toBeNull();
    expect(focus()?.textContent).toContain('Fetching...');

    await live('row', { list: 'reports', op: 'upsert', id: '5', row: report('5', { state: 'ready', file: '/api/reports/5/file/', file_name: 'management-5.xlsx', size: 4096, version: 2 }) });
    const download = [...(focus()?.querySelectorAll('a') ?? [])].find((a) => a.textContent === 'Download');
    expect(download?.getAttribute('href')).toBe('/api/reports/5/file/');
    expect(row('5')?.querySelector('[data-testid="report-progress"]')).toBeNull();
    expect(row('5')?.querySelector('a')?.getAttribute('href')).toBe('/api/reports/5/file/');
  });

  it("given 'Whole account', then everyone's reports show with who asked; another user's live row stays out of my list", async () => {
    ui = open('/report/');
    await until(() => Boolean(row('5')), 'my reports');
    await live('row', { list: 'reports', op: 'upsert', id: '6', row: report('6', { requested_by: '8' }) });
    expect(row('6')).toBeNull();
    await live('row', { list: 'reports', op: 'upsert', id: '7', row: report('7') });
    expect(row('7')).not.toBeNull();

    click(document.querySelector('input[type="checkbox"]'));
    await until(() => Boolean(row('3')), "the account's reports");
    expect(fetched).toContain('/api/reports/?all=t');
    expect(document.querySelector('thead')?.textContent).toContain('Requested by');
    expect(row('3')?.textContent).toContain('Bob Field');
  });
});
