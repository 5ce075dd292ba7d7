import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Anchor, Group, Paper, Switch, Text, Title } from '@mantine/core';
import { QueryStates } from '../../../components/table/QueryStates';
import { useReportProgress } from '../../../lib/realtime';
import { useMe } from '../../auth';
import { useReport } from '../api/getReport';
import { useReports } from '../api/listReports';
import { useLiveReports } from '../api/liveReports';
import { sortReports } from '../reportLogic';
import { ReportFocus } from './ReportFocus';
import { ReportsTable } from './ReportsTable';

/**
 * /report/: the reports this user asked for (or, 'Whole account', everyone's), newest first, live.
 * ?id=123 is the report the API sent the browser to wait for: highlighted, with its Download button.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const all = params.get('all') === 't';
  const focusId = params.get('id');
  const me = useMe();
  useLiveReports(me.data?.id ?? null);
  const progress = useReportProgress();
  const reports = useReports(all);
  const focus = useReport(focusId);

  const rows = useMemo(() => sortReports(reports.data ?? []), [reports.data]);
  // The list may not hold the report yet (its read model lags, or it is another user's): the report's own read fills in.
  const focused = focus.data ?? rows.find((r) => String(r.id) === focusId);

  const setAll = (on: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (on) next.set('all', 't');
        else next.delete('all');
        return next;
      },
      { replace: true },
    );

  return (
    <Paper withBorder p="xs" radius="sm">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Title order={4}>Reports</Title>
          <Switch size="xs" label="Whole account" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
          <Text size="xs" c="dimmed">
            {reports.isSuccess && `${rows.length} report${rows.length === 1 ? '' : 's'}`}
          </Text>
        </Group>
        <Anchor component={Link} to="/report/schedules/" fz="xs">
          Schedules
        </Anchor>
      </Group>

      {focusId && <ReportFocus id={focusId} report={focused} progress={progress[focusId]} loading={focus.isPending} error={focus.error} />}

      <QueryStates query={reports} noun="reports" count={rows.length} empty={all ? 'No reports in this account yet.' : 'You have not asked for any reports yet. Report buttons on the lists make them.'}>
        <ReportsTable rows={rows} progress={progress} showRequester={all} highlightId={focusId} />
      </QueryStates>
    </Paper>
  );
}
