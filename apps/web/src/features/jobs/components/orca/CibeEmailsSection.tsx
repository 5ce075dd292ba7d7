/**
 * CIBE emails (spec 2 sections 3 and 7): 'Generate CIBE email' makes one from the scope's lines whose
 * CIBE qty differs from the issued qty (the server writes it) and logs it as a user app activity;
 * each email shows its status (Initial / In Process / Complete, editable), its text, and copy to
 * clipboard and download (.txt).
 */
import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { CIBE_EMAIL_STATUSES, type CollectionDef, type Line } from '@trenchline/domain';
import { useDeleteLine } from '../../../../components/lines/api/deleteLine';
import { useSaveLine } from '../../../../components/lines/api/saveLine';
import { confirmAction } from '../../../../lib/confirm';
import { showDateTime } from '../../../../lib/dates';
import { saveText } from '../../../../lib/download';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showMoney } from '../../../../lib/numbers';
import { logCibeEmail, useGenerateCibeEmail } from '../../api/orca';
import { emailFileName, emailText } from '../../orca/cibeLogic';

interface Props {
  def: CollectionDef;
  jobId: string;
  jobNumber: string;
  recordKey: QueryKey;
  rows: Line[];
  /** The task page's task (its line id and its task id): the email is about its lines. */
  task?: { id: string; taskId: string };
  readOnly?: boolean;
}

const newestFirst = (a: Line, b: Line) => String(b.created_date ?? '').localeCompare(String(a.created_date ?? ''));

export function CibeEmailsSection({ def, jobId, jobNumber, recordKey, rows, task, readOnly }: Props) {
  const message = useMessage();
  const generate = useGenerateCibeEmail(jobId);

  const onGenerate = () =>
    generate.mutate(task?.id ?? null, {
      onSuccess: (email) => {
        message('CIBE email generated', 'success');
        // The activity log is a record of the act; the email stands without it.
        void logCibeEmail({
          generated_cibe_email: true,
          job_id_text: String(jobId),
          app_name: 'Trenchline',
          function: 'generate_cibe_email',
          url: window.location.href,
          job_number: jobNumber,
          amount: email.amount ?? null,
        }).catch(() => undefined);
      },
      onError: (e) => message(`error experienced.  ${errorText(e)}`, 'error'),
    });

  const emails = [...rows].sort(newestFirst);
  return (
    <section aria-label="CIBE emails">
      <Group justify="space-between" mb={4}>
        <Title order={5}>CIBE emails</Title>
        {!readOnly && (
          <Button size="xs" onClick={onGenerate} loading={generate.isPending}>
            Generate CIBE email
          </Button>
        )}
      </Group>
      {emails.length === 0 && (
        <Text size="xs" c="dimmed">
          No CIBE email yet.
        </Text>
      )}
      <Stack gap={6}>
        {emails.map((e) => (
          <EmailCard key={e.id} def={def} email={e} recordKey={recordKey} fileName={emailFileName(jobNumber, task?.taskId ?? null)} readOnly={readOnly} />
        ))}
      </Stack>
    </section>
  );
}

function EmailCard({ def, email, recordKey, fileName, readOnly }: { def: CollectionDef; email: Line; recordKey: QueryKey; fileName: string; readOnly?: boolean }) {
  const message = useMessage();
  const qc = useQueryClient();
  const save = useSaveLine(def, recordKey);
  const remove = useDeleteLine(def, recordKey);
  const [open, setOpen] = useState(false);
  const status = String(email.email_status ?? '') || 'Initial';

  const setStatus = (v: string) =>
    save.mutate(
      { id: email.id, values: { email_status: v }, version: typeof email.version === 'number' ? email.version : undefined },
      {
        onSuccess: () => message('Saved successfully', 'success'),
        onError: (e) => {
          message(`error experienced.  ${errorText(e)}`, 'error');
          void qc.invalidateQueries({ queryKey: recordKey });
        },
      },
    );

  const copy = () =>
    navigator.clipboard.writeText(emailText(email)).then(
      () => message('Copied to the clipboard', 'success'),
      () => message('The browser did not allow copying: select the text and copy it', 'error'),
    );

  const del = () => {
    if (!confirmAction('Sure you want to delete this?')) return;
    remove.mutate(email.id, { onError: (e) => message(`error experienced.  ${errorText(e)}`, 'error') });
  };

  return (
    <Paper withBorder p={6} data-email-id={email.id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="email-subject">
            {String(email.subject ?? '')}
          </Text>
          <Badge size="sm" variant="light" color={status === 'Complete' ? 'teal' : status === 'In Process' ? 'blue' : 'gray'} data-testid="email-status">
            {status}
          </Badge>
          <Text size="xs" c="dimmed">
            {showMoney(email.amount)} · {String(email.created_by ?? '')} {showDateTime(email.created_date)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {!readOnly && <NativeSelect size="xs" aria-label="Email status" data={[...CIBE_EMAIL_STATUSES]} value={status} onChange={(e) => setStatus(e.currentTarget.value)} disabled={save.isPending} />}
          <Button size="compact-xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide' : 'Show'}
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => void copy()}>
            Copy
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => saveText(fileName, emailText(email))}>
            Download
          </Button>
          {!readOnly && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={del} loading={remove.isPending}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      {open && <Textarea mt={4} size="xs" readOnly autosize minRows={3} maxRows={16} value={String(email.email_body ?? '')} aria-label="Email text" styles={{ input: { fontFamily: 'monospace' } }} />}
    </Paper>
  );
}
