import { useLocation, useNavigate } from 'react-router-dom';
import { Tabs } from '@mantine/core';
import { ORCA_BILLING_PAGE } from '../../orca/dashboard';
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
