import { Alert, Text, Tooltip } from '@mantine/core';
import { useLocateCoverage } from '../../api/locateCoverage';
import { useLiveJobLocates } from './useLiveJobLocates';

/**
 * The expiry watch on a job page (or an ORCA task's, with `taskRef`): work is planned and no live
 * locate covers it. Nothing shows while it is covered.
 */
export function LocateWarningBanner({ jobId, jobVersion, taskRef }: { jobId: string; jobVersion: number; taskRef?: string }) {
  useLiveJobLocates();
  const coverage = useLocateCoverage(jobId, jobVersion);
  const warning = taskRef ? (coverage.data?.tasks.find((t) => t.job_task_ref === taskRef)?.locate_warning ?? null) : (coverage.data?.locate_warning ?? null);
  if (!warning) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" title="Locates" data-testid="locate-warning" role="alert">
      {warning}. Add or re-up a locate in the Locates section before digging.
    </Alert>
  );
}

/** A job row's warning (the list API's `locate_warning`): a small sign, the words as its tooltip. */
export function LocateWarningIcon({ warning }: { warning: string | null | undefined }) {
  if (!warning) return null;
  return (
    <Tooltip label={warning} withArrow openDelay={150}>
      <Text span c="orange" fz="xs" fw={700} aria-label={warning} data-testid="locate-warning-icon" style={{ cursor: 'help' }}>
        ⚠
      </Text>
    </Tooltip>
  );
}
