import { useState } from 'react';
import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { opOfReport, useFollowFile } from '../../../components/record/BulkToasts';
import type { ListFilter } from '../../../components/table/pagedList';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { exportTrail, verifyHistory } from '../api/calls';
import { verifyText } from '../auditLogic';

const FORMATS = [
  { format: 'xlsx', label: 'XLSX', title: 'Audit trail (Excel)' },
  { format: 'csv', label: 'CSV', title: 'Audit trail (CSV)' },
] as const;

/** XLSX and CSV of the filtered trail, made by the worker; the shell's toast follows each to its Download button. */
export function ExportButtons({ filter }: { filter: ListFilter }) {
  const follow = useFollowFile();
  const message = useMessage();
  const [asking, setAsking] = useState<string | null>(null);
  const go = async (f: (typeof FORMATS)[number]) => {
    setAsking(f.format);
    try {
      follow({ op: opOfReport(await exportTrail(f.format, filter)), title: f.title, records: 'events', report: true });
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    } finally {
      setAsking(null);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      {FORMATS.map((f) => (
        <Button key={f.format} size="xs" variant="default" loading={asking === f.format} onClick={() => void go(f)} aria-label={`Export ${f.label}`}>
          {f.label}
        </Button>
      ))}
    </Group>
  );
}

/** "Verify history": walks the hash chain and anchors on the server and says plainly what it found. */
export function useVerifyHistory() {
  return useMutation({ mutationFn: verifyHistory });
}

export function VerifyButton({ verify }: { verify: ReturnType<typeof useVerifyHistory> }) {
  return (
    <Button size="xs" variant="light" color="violet" loading={verify.isPending} onClick={() => verify.mutate()}>
      Verify history
    </Button>
  );
}

/** The check's answer: green with what was checked, or red with the first broken position, stream and reason. */
export function VerifyResult({ verify }: { verify: ReturnType<typeof useVerifyHistory> }) {
  if (verify.isError)
    return (
      <Alert color="red" variant="light" p="xs" mb="xs" title="History could not be checked" data-testid="verify-result" data-ok="error" withCloseButton onClose={verify.reset}>
        {errorText(verify.error)}
      </Alert>
    );
  if (!verify.data) return null;
  const said = verifyText(verify.data);
  return (
    <Alert color={said.ok ? 'teal' : 'red'} variant={said.ok ? 'light' : 'filled'} p="xs" mb="xs" data-testid="verify-result" data-ok={said.ok ? 'true' : 'false'}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">
          <b>{said.title}.</b> {said.text}
        </Text>
        <CloseButton size="sm" aria-label="Close the check's answer" onClick={verify.reset} c={said.ok ? undefined : 'white'} />
      </Group>
    </Alert>
  );
}
