import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Switch, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { BulkDeleteButton } from '../../../../components/record/BulkActions';
import { ListStates, ListTitleBar, MatchCount } from '../../../../components/table/ListPage';
import type { Column } from '../../../../components/table/RecordTable';
import { usePagedList } from '../../../../components/table/usePagedList';
import { linkAsOf, useListAsOf } from '../../../../components/table/listAsOf';
import { VirtualTable } from '../../../../components/table/VirtualTable';
import { selectLabels } from '../../../../components/table/rowMarks';
import { confirmAction } from '../../../../lib/confirm';
import { showDate } from '../../../../lib/dates';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showMoney } from '../../../../lib/numbers';
import { useLiveRowEvents, type RowEvent } from '../../../../lib/realtime';
import { deleteBilling, useSaveDashboardPrefs } from '../../api/orcaDashboard';
import { BILLING_DEFAULT_SORT, BILLING_PATH, billingFilter, daysText, NO_BILLINGS, pipelineStrip, statusLabel, touchesBilling, type BillingRow, type StatusTotal } from '../../orca/billing';
import type { OrcaDashboardPrefs } from '../../orca/dashboard';
import { orcaJobPath } from '../../orca/taskLines';
import { tagStyle, tagTint, type TagTint } from '../../../../lib/tagColours';
import { OrcaTabs, OrcaWaiting, useOrcaPrefs } from './OrcaTabs';

/** Live job changes are gathered this long into one quiet refetch of the billing pages. */
const REFETCH_GATHER_MS = 300;
const BILLING_LIST = 'orca_billings';

/** The status pipeline as a strip: each status's count and amount (green from the paid stage on); a click shows only its lines. */
/**
 * The stages that need the office's hand (the customer turned the invoice down, or it went back in): the
 * shared tag tint of a strong colour, its edge and a strong badge, readable at WCAG AA (lib/tagColours).
 */
const ATTENTION_TAGS: Record<string, string> = { Disapproved: 'Red', Resubmitted: 'Orange' };
export const stageTint = (status: string | null | undefined): TagTint | null => (status && ATTENTION_TAGS[status] ? tagTint(ATTENTION_TAGS[status]) : null);

/** A status as a badge: green from the paid stage on, strong for the stages that need attention. */
function StatusBadge({ status, paidStage }: { status: string; paidStage: boolean }) {
  const tint = stageTint(status);
  if (tint)
    return (
      <Badge size="xs" radius="sm" tt="none" variant="outline" data-attention="true" style={{ background: tint.background, color: tint.text, borderColor: tint.edge, fontWeight: 800 }}>
        {status}
      </Badge>
    );
  return (
    <Badge size="xs" radius="sm" tt="none" variant={paidStage ? 'filled' : 'light'} color={paidStage ? 'teal' : 'gray'} data-paid-stage={paidStage ? 'true' : 'false'}>
      {status}
    </Badge>
  );
}

/** The money of the strip's boxes: the server's sums (its one rule, in cents); on a tinted box, in the tint's text colour (dimmed grey does not read on it). */
function StripAmount({ amount, tint }: { amount: number; tint?: TagTint | null }) {
  return (
    <Text span fz={10} fw={400} c={tint ? undefined : 'dimmed'} style={tint ? { color: tint.text } : undefined} ml={4} data-testid="status-amount">
      {showMoney(amount)}
    </Text>
  );
}

function PipelineStrip({ totals, grand, picked, onPick, publicMode }: { totals: StatusTotal[]; grand: { count: number; amount: number } | null; picked: string | null; onPick: (s: string | null) => void; publicMode: boolean }) {
  return (
    <Group gap={4} wrap="wrap" mb="xs" aria-label="Invoice statuses" data-testid="billing-pipeline">
      {totals.map((t) => {
        const on = picked === t.status;
        const colour = t.paid_stage ? 'teal' : 'gray';
        const tint = stageTint(t.status);
        return (
          <UnstyledButton
            key={t.status || '(blank)'}
            onClick={() => onPick(on ? null : t.status)}
            aria-pressed={on}
            data-status={t.status}
            data-paid-stage={t.paid_stage ? 'true' : 'false'}
            title={on ? 'Show every status' : `Show only ${statusLabel(t.status)}`}
            data-attention={tint && t.count > 0 ? 'true' : undefined}
            style={{
              border: `1px solid var(--mantine-color-${colour}-${on ? 7 : 3})`,
              background: on ? `var(--mantine-color-${colour}-1)` : t.paid_stage ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-0)',
              // A stage needing attention stands out while it holds invoices.
              ...(tint && t.count > 0 ? { background: tint.background, borderColor: tint.edge, borderLeft: `4px solid ${tint.edge}` } : {}),
              borderRadius: 4,
              padding: '2px 8px',
              minWidth: 84,
            }}
          >
            <Text fz={10} c={tint && t.count > 0 ? undefined : t.paid_stage ? 'teal.9' : 'dimmed'} style={tint && t.count > 0 ? { color: tint.text } : undefined} fw={tint && t.count > 0 ? 800 : 600} truncate>
              {statusLabel(t.status)}
            </Text>
            <Text fz="xs" fw={700} data-testid="status-count">
              {t.count}
              {!publicMode && <StripAmount amount={t.amount ?? 0} tint={tint && t.count > 0 ? tint : null} />}
            </Text>
          </UnstyledButton>
        );
      })}
      {grand && (
        <Paper px={8} py={2} radius={4} data-testid="billing-grand-total" style={{ border: '1px solid var(--mantine-color-dark-4)', minWidth: 110 }}>
          <Text fz={10} fw={700}>
            All stages
          </Text>
          <Text fz="xs" fw={800}>
            {grand.count}
            {!publicMode && (
              <Text span fz="xs" fw={800} ml={4} data-testid="grand-amount">
                {showMoney(grand.amount)}
              </Text>
            )}
          </Text>
        </Paper>
      )}
    </Group>
  );
}

function columnsOf(publicMode: boolean, onDelete: (row: BillingRow) => void): Column<BillingRow>[] {
  const all: Column<BillingRow>[] = [
    {
      key: 'account_job_number',
      label: 'Job #',
      width: 70,
      render: (r) => (
        <Text span fz="xs" fw={700}>
          {r.account_job_number}
        </Text>
      ),
    },
    { key: 'job_title', label: 'Job', width: 220 },
    { key: 'customer', label: 'Customer', width: 100 },
    { key: 'task_id', label: 'Task', width: 54 },
    { key: 'invoice_number', label: 'Invoice #', width: 100 },
    { key: 'invoice_amount', label: 'Amount', width: 96, align: 'right', render: (r) => showMoney(r.invoice_amount) },
    {
      key: 'status',
      label: 'Status',
      width: 130,
      render: (r) => (r.status ? <StatusBadge status={r.status} paidStage={r.paid_stage} /> : null),
    },
    { key: 'status_since', label: 'Since', width: 84, title: 'When the status was last set', render: (r) => showDate(r.status_since) },
    { key: 'days_in_status', label: 'In status', width: 72, align: 'right', render: (r) => daysText(r.days_in_status) },
    {
      key: 'actions',
      label: '',
      width: 38,
      sortable: false,
      render: (r) => <RowMenu row={r} onDelete={onDelete} />,
    },
  ];
  return publicMode ? all.filter((c) => c.key !== 'invoice_amount') : all;
}

/** A row's actions behind '⋯': open its job, delete the line (after the spec's confirmation). Clicks stay out of the row's own. */
function RowMenu({ row, onDelete }: { row: BillingRow; onDelete: (row: BillingRow) => void }) {
  const navigate = useNavigate();
  const name = row.invoice_number || row.id;
  const stop = (e: MouseEvent) => e.stopPropagation();
  // Shown as it stood, the line is read-only: its job opens as it stood then.
  const { asOf } = useListAsOf();
  const jobPath = orcaJobPath({ id: row.job, account_job_number: row.account_job_number });
  return (
    <div onClick={stop}>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Actions for invoice ${name}`}>
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={stop}>
          <Menu.Item onClick={() => navigate(linkAsOf(jobPath, asOf))}>Open job</Menu.Item>
          {!asOf && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => onDelete(row)}>
                Delete invoice line
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}

/** /job/orca/billing/: every invoice line of every ORCA job, by status. */
export function OrcaBillingPage() {
  const prefs = useOrcaPrefs();
  if (!prefs) return <OrcaWaiting />;
  return <OrcaBilling saved={prefs} />;
}

/**
 * The billing dashboard (contract section 4): paged invoice lines, the pipeline strip of counts and
 * amounts per status, days in status, sort, find and select, bulk and one-line delete. Live: an ORCA
 * job's change refetches the pages quietly. Active, Archived and Public mode are the ORCA dashboard's
 * saved toggles.
 */
function OrcaBilling({ saved }: { saved: OrcaDashboardPrefs }) {
  const qc = useQueryClient();
  const message = useMessage();
  const save = useSaveDashboardPrefs();
  const [toggles, setToggles] = useState(() => ({ active: saved.active, archived: saved.archived, public_mode: saved.public_mode }));
  const [status, setStatus] = useState<string | null>(null);
  const filter = useMemo(() => billingFilter(toggles, status), [toggles, status]);
  const list = usePagedList<BillingRow>({ list: BILLING_LIST, path: BILLING_PATH, filter, rowFilter: null, defaultSort: BILLING_DEFAULT_SORT });
  const answered = list.latest as { totals?: StatusTotal[]; grand_total?: { count: number; amount: number } } | undefined;
  const totals = pipelineStrip(answered?.totals);

  // Live: a billing row changes when its job does; the pages are fetched again, gathered.
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { asOf } = useListAsOf();
  const onJob = useCallback(
    (ev: RowEvent) => {
      // As it stood, the pages do not change with today's jobs.
      if (asOf || !touchesBilling(ev) || timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void qc.invalidateQueries({ queryKey: ['paged', BILLING_LIST] });
      }, REFETCH_GATHER_MS);
    },
    [qc, asOf],
  );
  useLiveRowEvents('jobs', onJob);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const toggle = (k: keyof typeof toggles) => {
    const next = { ...toggles, [k]: !toggles[k] };
    setToggles(next);
    save.mutate({ [k]: next[k] }, { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };
  const deleteOne = async (row: BillingRow) => {
    if (!confirmAction('Are you sure you want to delete this?')) return;
    try {
      await deleteBilling(row.id);
      message(row.invoice_number ? `Invoice ${row.invoice_number} deleted` : 'Invoice deleted', 'success');
      void list.refetch();
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    }
  };
  // The columns are made once per mode; their delete button calls the latest deleteOne.
  const deleteRef = useRef(deleteOne);
  deleteRef.current = deleteOne;
  const columns = useMemo(() => columnsOf(toggles.public_mode, (r) => void deleteRef.current(r)), [toggles.public_mode]);
  const nothingAsked = filter === null;

  return (
    <Paper withBorder p="xs" radius="sm">
      <OrcaTabs />
      <ListTitleBar title="ORCA billing" filter={list.text} onFilter={list.setText}>
        <BulkDeleteButton target={list.target} onDone={list.bulkDone} list="orca_billings" records="billing records" />
      </ListTitleBar>
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Group gap={6}>
          <Button.Group>
            <Button size="xs" variant={toggles.active ? 'filled' : 'default'} aria-pressed={toggles.active} onClick={() => toggle('active')}>
              Active
            </Button>
            <Button size="xs" variant={toggles.archived ? 'filled' : 'default'} aria-pressed={toggles.archived} onClick={() => toggle('archived')}>
              Archived
            </Button>
          </Button.Group>
          <Switch size="xs" labelPosition="left" label="Public mode" checked={toggles.public_mode} onChange={() => toggle('public_mode')} />
          {status !== null && (
            <Button size="compact-xs" variant="light" onClick={() => setStatus(null)}>
              Showing {statusLabel(status)} only ✕
            </Button>
          )}
        </Group>
        <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={list.selectedCount} selectedEstimated={list.selectedEstimated} noun="invoices" />
      </Group>
      {!nothingAsked && <PipelineStrip totals={totals} grand={answered?.grand_total ?? null} picked={status} onPick={setStatus} publicMode={toggles.public_mode} />}
      <ListStates query={list} loading={list.isPending && !nothingAsked} nothingAsked={nothingAsked} noun="invoices" shown={list.count} total={list.count} searched={Boolean(list.text.trim()) || status !== null} noneText={NO_BILLINGS} />
      {list.isSuccess && list.count > 0 && (
        <VirtualTable
          name="orca-invoices"
          list={list}
          label="ORCA invoices"
          columns={columns}
          {...selectLabels<BillingRow>('invoice', 'invoices', (r) => r.invoice_number)}
          rowLink={(r) => orcaJobPath({ id: r.job, account_job_number: r.account_job_number })}
          rowProps={(r) => {
            const tint = stageTint(r.status);
            return { 'data-billing-id': r.id, 'data-status': r.status ?? '', ...(tint ? { 'data-attention': 'true', style: tagStyle(ATTENTION_TAGS[r.status ?? '']) } : {}) };
          }}
          height="calc(100vh - 260px)"
        />
      )}
    </Paper>
  );
}
