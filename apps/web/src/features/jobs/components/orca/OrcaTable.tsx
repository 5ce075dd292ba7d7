import { useEffect, useMemo, useState } from 'react';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import { jobMoneyColumns, jobNumberColumn, locateWarningColumn, moneyColumn } from '../jobColumns';
import type { Column } from '../../../../components/table/RecordTable';
import type { PagedList } from '../../../../components/table/usePagedList';
import { VirtualTable } from '../../../../components/table/VirtualTable';
import { showDate } from '../../../../lib/dates';
import type { OrcaRow } from '../../api/orcaDashboard';
import { changedByText, daysColour, publicColumns } from '../../orca/dashboard';
import { orcaJobPath } from '../../orca/taskLines';
import { jobTableRows } from '../JobTable';

/** The clock the "changed by X, 2 min ago" words are told on; ticks every 30 s. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

const money = (key: keyof OrcaRow & string, label: string, title?: string) => moneyColumn<OrcaRow>(key, label, title, 90);

/** A date with its days left on their colour (red under 4, orange under 7). */
function DateAndDays({ date, days, colour, testId }: { date: string | null | undefined; days: number | null | undefined; colour: 'red' | 'orange' | null; testId: string }) {
  if (!date) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="space-between" data-testid={testId}>
      <span>{showDate(date)}</span>
      <DaysToDue days={days} colour={colour} />
    </Group>
  );
}

/** The title, and who else changed the row: a badge while it flashes, a dot with "changed by X, 2 min ago" for five minutes. */
function TitleCell({ row, flashed, now, me }: { row: OrcaRow; flashed: boolean; now: Date; me: string | null }) {
  const byOther = row.last_updated_by && row.last_updated_by !== me ? row.last_updated_by : null;
  const told = changedByText(byOther, row.last_updated, now);
  return (
    <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
      {flashed && byOther && (
        <Badge size="xs" color="yellow" variant="filled" c="dark" data-testid="changed-by">
          {byOther}
        </Badge>
      )}
      {!flashed && told && (
        <Tooltip label={told} withArrow openDelay={200}>
          <Text span c="yellow.8" fz={10} aria-label={told} data-testid="changed-recently">
            ●
          </Text>
        </Tooltip>
      )}
      <Text span fz="xs" truncate data-testid="title" title={told ? `${row.title ?? ''}\n${told}` : (row.title ?? undefined)}>
        {row.title}
      </Text>
    </Group>
  );
}


function columnsOf(flashed: ReadonlySet<string>, now: Date, me: string | null): Column<OrcaRow>[] {
  return [
    jobNumberColumn(),
    locateWarningColumn(),
    { key: 'job_number', label: 'Cust. job #', title: "The customer's job number", width: 92 },
    { key: 'title', label: 'Title', width: 210, render: (r) => <TitleCell row={r} flashed={flashed.has(r.id)} now={now} me={me} /> },
    { key: 'work_status', label: 'Status', width: 96 },
    {
      key: 'completion_date',
      label: 'Due',
      width: 106,
      title: 'Completion date and days left (red under 4, orange under 7)',
      render: (r) => <DateAndDays date={r.completion_date} days={r.job_days_left} colour={r.job_days_colour ?? daysColour(r.job_days_left)} testId="due" />,
    },
    {
      key: 'permit_expiration_date',
      label: 'Permit exp.',
      width: 106,
      title: 'The earliest permit expiry and its days left',
      render: (r) => <DateAndDays date={r.permit_expiration_date} days={r.permit_days_left} colour={daysColour(r.permit_days_left)} testId="permit" />,
    },
    { key: 'task_count', label: 'Tasks', width: 54, align: 'right' },
    money('CIBE_job_grand_total_difference', 'CIBE diff', 'CIBE as built minus as issued'),
    ...jobMoneyColumns(90),
    { key: 'crew_string', label: 'Crews', width: 120 },
  ];
}

interface Props {
  list: PagedList<OrcaRow>;
  publicMode: boolean;
  /** Rows someone just changed, marked for a moment. */
  flashed: ReadonlySet<string>;
  startAt: number;
  onTopRow: (index: number) => void;
  /** The user's display name: their own changes are not told on the rows. */
  me: string | null;
}

/** The ORCA dashboard's table: sortable, paged as it scrolls; a row wears its colour tag and opens /job/orca/{number}. */
export function OrcaTable({ list, publicMode, flashed, startAt, onTopRow, me }: Props) {
  const now = useNow();
  const columns = useMemo(() => publicColumns(columnsOf(flashed, now, me), publicMode), [flashed, now, me, publicMode]);
  return (
    <VirtualTable
      name="orca-jobs"
      list={list}
      label="ORCA jobs"
      columns={columns}
      {...jobTableRows<OrcaRow>(flashed)}
      rowLink={orcaJobPath}
      height="calc(100vh - 210px)"
      startAt={startAt}
      onTopRow={onTopRow}
    />
  );
}
