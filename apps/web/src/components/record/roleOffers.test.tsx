// @vitest-environment jsdom
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider, type UseMutationResult } from '@tanstack/react-query';
import type { Role } from '@trenchline/domain';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../../test/dom';

vi.mock('socket.io-client', () => ({ io: () => ({ connected: false, on: () => undefined, emit: () => undefined, disconnect: () => undefined }) }));

const { BulkArchiveButton, BulkDeleteButton, BulkReportButton } = await import('./BulkActions');
const { NewRecordButton } = await import('./NewRecordButton');
const { Totals, moneyCell } = await import('./Totals');
const { PurchaseOrderButton } = await import('../table/PurchaseOrderButton');
const { meKey } = await import('../../features/auth');

const signedInAs = (role: Role) => {
  const qc = new QueryClient();
  qc.setQueryData(meKey, { id: '1', email: 'x@example.com', display_name: 'X', account_id: '1', account_name: 'Boring', role });
  return qc;
};

const create = { mutateAsync: async () => ({}), isPending: false } as unknown as UseMutationResult<unknown, unknown, Record<string, unknown>>;

/** The job list's toolbar and a job's totals as the shared pieces draw them, for a role and a job answer. */
const jobScreen = (role: Role, job: Record<string, unknown>) =>
  mount(
    <QueryClientProvider client={signedInAs(role)}>
      <MemoryRouter initialEntries={['/job/']}>
        <NewRecordButton area="/job/" form={{ label: 'New job', fields: [] }} create={create} />
        <NewRecordButton area="/ticket/" form={{ label: 'New ticket', fields: [] }} create={create} />
        <BulkDeleteButton list="jobs" records="jobs" target={() => null} onDone={() => {}} />
        <BulkArchiveButton list="jobs" records="jobs" target={() => null} onDone={() => {}} />
        <BulkReportButton list="jobs" records="jobs" report="ops" label="Ops report" target={() => null} onDone={() => {}} />
        <PurchaseOrderButton area="/job/" number="PO-7" onClick={() => {}} label="PO data of job 1" />
        <Totals testId="job-totals" cells={[moneyCell(job, 'total_job', 'Total job'), { key: 'segment_percent_complete', label: 'Segments complete', value: '50%' }]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const buttons = (c: HTMLElement) => [...c.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('what the shared record pieces offer a role', () => {
  it('given a field user and their job without money, when drawn, then no New job, bulk action, report or PO edit, and no money figure (no $0.00)', () => {
    const m = jobScreen('field', { segment_percent_complete: 50 });
    expect(buttons(m.container)).toEqual(['New ticket']);
    expect(m.container.textContent).toContain('PO-7');
    expect(m.container.textContent).toContain('50%');
    expect(m.container.textContent).not.toContain('$');
    m.unmount();
  });

  it('given an office user, when drawn, then all of it, and the job\'s money', () => {
    const m = jobScreen('office', { total_job: 12500, segment_percent_complete: 50 });
    expect(buttons(m.container)).toEqual(['New job', 'New ticket', 'Delete', 'Archive', 'Ops report', 'PO-7']);
    expect(m.container.textContent).toContain('$12,500.00');
    m.unmount();
  });

  it('given an auditor, when drawn, then no New, no bulk action (the server keeps them for the office), and the money', () => {
    const m = jobScreen('auditor', { total_job: 12500 });
    expect(buttons(m.container)).toEqual([]);
    expect(m.container.textContent).toContain('$12,500.00');
    m.unmount();
  });
});
