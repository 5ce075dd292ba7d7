/**
 * The files the worker makes (reports, zips) followed in a toast at the shell's level: it shows the
 * worker's progress ('Building... 200 of 1,234'), ends with a Download button (the file is also listed
 * on /report/) or says why it failed, and stays while the user moves about the app.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Anchor, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { http } from '../../lib/http';
import { useLiveRowEvents, type RowEvent } from '../../lib/realtime';
import { isFinished, type BulkOperation } from './useBulkOperation';

const POLL_MS = 1000;

/** Where every made file is listed too. */
export const REPORTS_PAGE = '/report/';

interface Followed {
  op: BulkOperation;
  /** What is made, as the button called it: 'Ops report', 'Download PDF bundles'. */
  title: string;
  /** What the rows are called: 'jobs'. */
  records: string;
  /** A report record (`GET /api/reports/{id}/`, live 'reports' rows: the audit trail's export) rather than a bulk operation. */
  report?: boolean;
}

/** A report record as the reports contract answers it (docs/reports.md), as much as the toast reads. */
export interface QueuedReport {
  id: string | number;
  state: 'queued' | 'working' | 'ready' | 'failed' | string;
  file?: string | null;
  error?: string | null;
  rows?: number | null;
  label?: string;
}

const REPORT_STATUS: Record<string, BulkOperation['status']> = { queued: 'queued', working: 'running', ready: 'done', failed: 'failed' };

/** A report record followed as the toast follows an operation: its state, its rows, its file once ready. */
export function opOfReport(r: QueuedReport): BulkOperation {
  const status = REPORT_STATUS[r.state] ?? 'queued';
  return {
    id: String(r.id),
    list: 'jobs',
    action: 'report',
    status,
    total: r.rows ?? null,
    done: r.rows ?? 0,
    failed: 0,
    label: r.label ?? '',
    file_url: status === 'done' ? (r.file ?? null) : null,
    message: r.error ?? null,
  };
}

type Follow = (f: Followed) => void;

const BulkToastsContext = createContext<Follow | null>(null);

/** Hand a started operation to the shell's toast, which follows it to its file. */
export function useFollowFile(): Follow {
  const follow = useContext(BulkToastsContext);
  if (!follow) throw new Error('useFollowFile outside <BulkToastsProvider>');
  return follow;
}

export function BulkToastsProvider({ children }: { children: ReactNode }) {
  const [followed, setFollowed] = useState<Followed[]>([]);
  const follow = useCallback<Follow>((f) => setFollowed((all) => [...all.filter((x) => String(x.op.id) !== String(f.op.id)), f]), []);
  const close = useCallback((id: string) => setFollowed((all) => all.filter((x) => String(x.op.id) !== id)), []);
  const value = useMemo(() => follow, [follow]);
  return (
    <BulkToastsContext.Provider value={value}>
      {children}
      {followed.length > 0 && (
        <Stack gap={8} style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1001, width: 'min(360px, calc(100vw - 32px))' }}>
          {followed.map((f) => (
            <FileToast key={String(f.op.id)} {...f} onClose={close} />
          ))}
        </Stack>
      )}
    </BulkToastsContext.Provider>
  );
}

/**
 * While it runs: a zip counts its records ('Building... 200 of 1,234 jobs'); a report is built in one pass,
 * so it shows the worker's step ('Fetching... 1,234 jobs', then 'Sending...').
 */
export function toastProgress(op: BulkOperation, records: string): string {
  if (op.status === 'queued' || op.total === null || op.total === undefined) return 'Waiting for the worker...';
  const total = `${op.total.toLocaleString('en-US')} ${records}`;
  if (op.action === 'report') return `${REPORT_STEPS.has(op.label) ? op.label : 'Building...'} ${total}`;
  return `Building... ${op.done.toLocaleString('en-US')} of ${total}`;
}

/** The report worker's steps (reports/generate.ts), shown as they come. */
const REPORT_STEPS = new Set(['Calculating...', 'Fetching...', 'Sending...']);

function FileToast({ op: started, title, records, report = false, onClose }: Followed & { onClose: (id: string) => void }) {
  const id = String(started.id);
  const [op, setOp] = useState(started);
  const seen = useCallback(
    (next: BulkOperation | QueuedReport) => {
      const now = report ? opOfReport(next as QueuedReport) : (next as BulkOperation);
      return String(now.id) === id && setOp((was) => (isFinished(was) ? was : now));
    },
    [id, report],
  );
  useLiveRowEvents(
    report ? 'reports' : 'bulk_operations',
    useCallback((ev: RowEvent) => ev.op === 'upsert' && ev.row && seen(ev.row as unknown as BulkOperation), [seen]),
  );
  // The poll: live progress may not reach this tab, the answer always does.
  const running = !isFinished(op);
  useEffect(() => {
    if (!running) return;
    const url = report ? `/api/reports/${encodeURIComponent(id)}/` : `/api/bulk/${encodeURIComponent(id)}/`;
    const t = setInterval(() => http.get<BulkOperation | QueuedReport>(url).then(seen, () => {}), POLL_MS);
    return () => clearInterval(t);
  }, [id, running, seen, report]);
  const stop = () => void http.post<BulkOperation>(`/api/bulk/${encodeURIComponent(id)}/cancel/`, {}).then(seen, () => {});

  const failed = op.status === 'failed' || (op.status === 'done' && !op.file_url);
  const edge = failed ? 'var(--mantine-color-red-8)' : op.status === 'done' ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-blue-7)';
  return (
    <Paper withBorder shadow="md" p="sm" role="status" aria-live="polite" data-testid="file-toast" data-status={op.status} style={{ borderLeft: `4px solid ${edge}` }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={700}>
          {title}
        </Text>
        <CloseButton size="sm" aria-label="Close this toast" onClick={() => onClose(id)} />
      </Group>
      {running && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" data-testid="file-toast-progress">
            {toastProgress(op, records)}
          </Text>
          {/* A report record has no cancel: it is made or fails. */}
          {!report && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={stop}>
              Stop
            </Button>
          )}
        </Group>
      )}
      {op.status === 'done' && op.file_url && (
        <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
          <Text size="sm">
            Ready: {(op.total ?? op.done).toLocaleString('en-US')} {records}
            {op.failed ? `, ${op.failed.toLocaleString('en-US')} left out` : ''}.{' '}
            <Anchor component={Link} to={REPORTS_PAGE} size="sm">
              All reports
            </Anchor>
          </Text>
          <Button component="a" href={op.file_url} download size="xs" color="teal.8">
            Download
          </Button>
        </Group>
      )}
      {failed && (
        <Text size="sm" c="red.9" data-testid="file-toast-error">
          {`Failed: ${op.message || 'the worker gave no reason.'}`}
        </Text>
      )}
      {op.status === 'cancelled' && <Text size="sm">Stopped before it was made.</Text>}
    </Paper>
  );
}
