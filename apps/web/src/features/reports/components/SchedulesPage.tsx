import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Anchor, Button, Paper, Text } from '@mantine/core';
import { ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import type { Column } from '../../../components/table/RecordTable';
import { usePagedList } from '../../../components/table/usePagedList';
import { VirtualTable } from '../../../components/table/VirtualTable';
import { showDateTime } from '../../../lib/dates';
import type { Sort } from '../../../lib/listLogic';
import { SCHEDULES_LIST, SCHEDULES_PATH, type ScheduleRow } from '../api/schedules';
import { recipientsWords, reportLabel } from '../scheduleLogic';
import { ScheduleDrawer } from './ScheduleDrawer';

const BY_NAME: Sort = { key: 'name', dir: 'asc' };
const NO_FILTER = {};
const STATE_COLOURS: Record<string, string> = { sent: 'green.8', failed: 'red.8', retrying: 'orange.8', building: 'blue.8' };

const columns: Column<ScheduleRow>[] = [
  { key: 'name', label: 'Name', width: 200, pinned: true },
  { key: 'report', label: 'Report', width: 220, render: (r) => `${reportLabel(r)} (${String(r.format).toUpperCase()})` },
  { key: 'rhythm_words', label: 'When', width: 280, sortable: false },
  { key: 'next_run_at', label: 'Next run', width: 130, render: (r) => (r.next_run_at ? showDateTime(r.next_run_at) : 'paused') },
  {
    key: 'last_run_state',
    label: 'Last run',
    width: 150,
    render: (r) => (
      <Text span fz="xs" c={STATE_COLOURS[r.last_run_state ?? '']}>
        {r.last_run_state ? `${r.last_run_state} ${showDateTime(r.last_run_at)}` : 'not yet'}
      </Text>
    ),
  },
  { key: 'recipients', label: 'To', width: 170, sortable: false, render: (r) => recipientsWords(r.recipients) },
  { key: 'owner_name', label: 'Owner', width: 130 },
];

/**
 * /report/schedules/: the account's report schedules in the shared paged table; a row opens it in a
 * drawer (edit, Run now, delete, its runs), New opens an empty one. ?id= opens one from a link.
 */
export function SchedulesPage() {
  const [params, setParams] = useSearchParams();
  const list = usePagedList<ScheduleRow>({ list: SCHEDULES_LIST, path: SCHEDULES_PATH, filter: NO_FILTER, rowFilter: null, defaultSort: BY_NAME });
  const cols = useMemo(() => columns, []);
  const [creating, setCreating] = useState(false);
  const openId = params.get('id');
  const close = () => setParams((p) => { const next = new URLSearchParams(p); next.delete('id'); return next; });
  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Report schedules" filter={list.text} onFilter={list.setText}>
        <Anchor component={Link} to="/report/" fz="xs">
          Reports
        </Anchor>
        <Anchor component={Link} to="/report/outbox/" fz="xs" title="Mail kept instead of sent when no SMTP server is set (admins)">
          Mail outbox
        </Anchor>
        <Button size="xs" onClick={() => setCreating(true)}>
          New schedule
        </Button>
      </ListTitleBar>
      <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={0} noun="schedules" />
      <ListStates query={list} loading={list.isPending} nothingAsked={false} noun="schedules" shown={list.count} total={list.count} searched={Boolean(list.text.trim())} noneText="No schedules yet. New schedule sends a list's report on its own, daily, weekly or monthly." />
      {list.isSuccess && list.count > 0 && (
        <VirtualTable name="report-schedules" list={list} label="Report schedules" columns={cols} rowLink={(r) => `/report/schedules/?id=${r.id}`} rowProps={(r) => ({ 'data-schedule-id': r.id })} height="calc(100vh - 260px)" />
      )}
      <ScheduleDrawer id={creating ? null : openId} opened={creating || Boolean(openId)} onClose={() => { setCreating(false); close(); }} />
    </Paper>
  );
}
