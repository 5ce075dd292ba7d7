import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDateTime } from '../../../lib/dates';
import { errorText, isApiError } from '../../../lib/http';
import type { ReportProgress } from '../../../lib/realtime';
import type { ReportRow } from '../api/types';
import { formatSize } from '../reportLogic';
import { ReportStateCell } from './ReportStateCell';

interface Props {
  id: string;
  report: ReportRow | undefined;
  progress: ReportProgress | undefined;
  loading: boolean;
  error: unknown;
}

/**
 * The report /report/?id= points at: the API sends a browser here when a report takes more than a few
 * seconds. It shows the report's progress and, once it is ready, a prominent Download button.
 */
export function ReportFocus({ id, report, progress, loading, error }: Props) {
  if (!report) {
    if (loading) return <WaitMessage boxed />;
    return (
      <Alert color="red" variant="light" title={`Report ${id}`} mb="xs">
        {error && !(isApiError(error) && error.isNotFound) ? errorText(error) : 'This report does not exist, or belongs to another account.'}
      </Alert>
    );
  }
  const ready = report.state === 'ready' && Boolean(report.file);
  return (
    <Paper withBorder p="sm" mb="xs" radius="sm" bg={ready ? 'teal.0' : 'yellow.0'} data-testid="report-focus" data-report-id={report.id}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Text fw={700}>{report.label}</Text>
          <Text size="xs" c="dimmed">
            {String(report.format ?? '').toUpperCase()} requested {showDateTime(report.requested_at)}
            {report.generated_at ? `, generated ${showDateTime(report.generated_at)}` : ''}
            {report.size ? `, ${formatSize(report.size)}` : ''}
          </Text>
          {report.state === 'failed' ? (
            <Text size="sm" c="red.8">
              The report could not be made{report.error ? `: ${report.error}` : '.'}
            </Text>
          ) : !ready ? (
            <Text size="sm">Your report is being prepared; it can be downloaded here as soon as it is ready.</Text>
          ) : null}
        </Stack>
        {ready ? (
          <Button component="a" href={report.file!} download={report.file_name ?? true} size="md" color="teal">
            Download
          </Button>
        ) : (
          <ReportStateCell row={report} progress={progress} wide />
        )}
      </Group>
    </Paper>
  );
}
