import { useLocation, useNavigate } from 'react-router-dom';
import { Paper, Tabs } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { useDashboardPrefs } from '../../api/orcaDashboard';
import { DEFAULT_DASHBOARD_PREFS, ORCA_BILLING_PAGE } from '../../orca/dashboard';
import { ORCA_LIST_PATH } from '../../orca/taskLines';

/** The ORCA dashboards' tabs: the jobs and their billing. */
export function OrcaTabs() {
  const navigate = useNavigate();
  const at = useLocation().pathname.startsWith('/job/orca/billing') ? ORCA_BILLING_PAGE : ORCA_LIST_PATH;
  return (
    <Tabs value={at} onChange={(v) => v && v !== at && navigate(v)} mb={6} variant="outline">
      <Tabs.List>
        <Tabs.Tab value={ORCA_LIST_PATH}>Dashboard</Tabs.Tab>
        <Tabs.Tab value={ORCA_BILLING_PAGE}>Billing</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/** The ORCA dashboards' saved preferences (the defaults when they cannot be read); null while they load. */
export function useOrcaPrefs() {
  const saved = useDashboardPrefs();
  return saved.data ?? (saved.isError ? DEFAULT_DASHBOARD_PREFS : null);
}

/** An ORCA dashboard while its preferences load: its tabs over the wait message. */
export function OrcaWaiting() {
  return (
    <Paper withBorder p="xs" radius="sm">
      <OrcaTabs />
      <WaitMessage />
    </Paper>
  );
}
