// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider, type UseMutationResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { click, mount } from '../../test/dom';

vi.mock('socket.io-client', () => ({ io: () => ({ connected: false, on: () => undefined, emit: () => undefined, disconnect: () => undefined }) }));

const { asOfOfParams, filterAsOf, linkAsOf, ListAsOf, ListAsOfBanner, WhenLive, withAsOfParam } = await import('./listAsOf');
const { BulkDeleteButton, BulkReportButton } = await import('../record/BulkActions');
const { NewRecordButton } = await import('../record/NewRecordButton');
const { PurchaseOrderButton } = await import('./PurchaseOrderButton');
const { meKey } = await import('../../features/auth');

/** An office user signed in: New is theirs to offer (the roles' rule), so only the as-of hides it here. */
const signedIn = () => {
  const qc = new QueryClient();
  qc.setQueryData(meKey, { id: '1', email: 'ann@example.com', display_name: 'Ann Office', account_id: '1', account_name: 'Boring', role: 'office' });
  return qc;
};

describe('a list shown as it stood', () => {
  const at = '2026-10-31T23:59:59.999-04:00';

  it('given the URL names a readable instant, when read, then it is the as-of; a mangled one means now', () => {
    expect(asOfOfParams(new URLSearchParams(`as_of=${encodeURIComponent(at)}&q=x`))).toBe(at);
    expect(asOfOfParams(new URLSearchParams('as_of=yesterday-ish'))).toBeNull();
    expect(asOfOfParams(new URLSearchParams('q=x'))).toBeNull();
  });

  it('given other params, when an instant is picked or Back to now, then only as_of changes', () => {
    const params = new URLSearchParams('q=bore&tab=2');
    const picked = withAsOfParam(params, at);
    expect(picked.get('as_of')).toBe(at);
    expect(picked.get('q')).toBe('bore');
    expect(withAsOfParam(picked, null).toString()).toBe('q=bore&tab=2');
  });

  it('given an as-of, when a page is asked, then its filter carries as_of beside the others', () => {
    expect(filterAsOf({ active: 't', q: 'bore' }, at)).toEqual({ active: 't', q: 'bore', as_of: at });
    expect(filterAsOf({ active: 't' }, null)).toEqual({ active: 't' });
  });

  it('given an as-of, when a row is opened, then its record opens as it stood then', () => {
    expect(linkAsOf('/job/12', at)).toBe(`/job/12?as_of=${encodeURIComponent(at)}`);
    expect(linkAsOf('/x?tab=1', at)).toBe(`/x?tab=1&as_of=${encodeURIComponent(at)}`);
    expect(linkAsOf('/job/12', null)).toBe('/job/12');
  });
});

describe('a list screen declared with <ListAsOf>', () => {
  const at = '2026-10-31T23:59:59.999-04:00';
  const create = { mutateAsync: async () => ({}), isPending: false } as unknown as UseMutationResult<unknown, unknown, Record<string, unknown>>;
  const toolbar = (entry: string) =>
    mount(
      <QueryClientProvider client={signedIn()}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route
              path="/job/"
              element={
                <ListAsOf>
                  <ListAsOfBanner />
                  <NewRecordButton area="/job/" form={{ label: 'New job', fields: [] }} create={create} />
                  <BulkDeleteButton list="jobs" records="jobs" target={() => null} onDone={() => {}} />
                  <BulkReportButton list="jobs" records="jobs" report="ops" label="Ops report" target={() => null} onDone={() => {}} />
                  <WhenLive>
                    <button type="button">Upload .csv</button>
                  </WhenLive>
                  <PurchaseOrderButton area="/job/" number="PO-7" onClick={() => {}} label="PO data of job 1" />
                </ListAsOf>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  const buttons = (c: HTMLElement) => [...c.querySelectorAll('button')].map((b) => b.textContent?.trim());

  it('given ?as_of=, when drawn, then the banner shows and only the report is offered: no New, no Delete, no Upload, no PO edit', () => {
    const m = toolbar(`/job/?as_of=${encodeURIComponent(at)}`);
    expect(m.container.textContent).toMatch(/As it stood on \d\d\/\d\d\/\d{4} \d\d:\d\d — read-only\./);
    expect(buttons(m.container)).toEqual(['Back to now', 'Ops report']);
    expect(m.container.textContent).toContain('PO-7');
    m.unmount();
  });

  it('given ?as_of=, when Back to now is clicked, then the banner goes and the writes are offered again', () => {
    const m = toolbar(`/job/?as_of=${encodeURIComponent(at)}`);
    const back = [...m.container.querySelectorAll('button')].find((b) => b.textContent?.includes('Back to now'))!;
    act(() => click(back));
    expect(m.container.textContent).not.toContain('read-only');
    expect(buttons(m.container)).toEqual(['New job', 'Delete', 'Ops report', 'Upload .csv', 'PO-7']);
    m.unmount();
  });
});
