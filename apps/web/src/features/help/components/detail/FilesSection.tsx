/**
 * The files attached to the ticket (a screenshot, a log): upload with its progress (capped at 100),
 * each file with its download link, who and when, and delete.
 */
import { useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, FileButton, Group, Progress, Table, Text, Title } from '@mantine/core';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showDateTime } from '../../../../lib/dates';
import { uploadErrorText } from '../../../../lib/uploadError';
import { useDeleteHelpFile } from '../../api/deleteHelpFile';
import type { HelpFile } from '../../api/types';
import { useUploadHelpFile } from '../../api/uploadHelpFile';
import { sizeText } from './formLogic';

interface Props {
  ticketId: string;
  files: HelpFile[];
  readOnly?: boolean;
}

export function FilesSection({ ticketId, files, readOnly }: Props) {
  const message = useMessage();
  const upload = useUploadHelpFile(ticketId);
  const remove = useDeleteHelpFile(ticketId);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reset = useRef<() => void>(null);

  const send = async (picked: File[]) => {
    if (picked.length === 0) return;
    setError(null);
    setProgress(0);
    let done = 0;
    try {
      for (const file of picked) {
        setBusy(`Uploading ${file.name}...`);
        // One bar over all the files: each file's share of it, never past 100.
        await upload.mutateAsync({ file, fileType: file.type || 'file', onProgress: (p) => setProgress(Math.min(100, Math.round(((done + p / 100) / picked.length) * 100))) });
        done += 1;
      }
      message(picked.length === 1 ? 'File uploaded.' : `${picked.length} files uploaded.`, 'success');
    } catch (e) {
      const text = uploadErrorText(e);
      setError(text);
      message(text, 'error');
    } finally {
      setBusy(null);
      reset.current?.();
      setTimeout(() => setProgress(null), 800);
    }
  };

  const del = (f: HelpFile) => {
    if (!confirmAction('Sure you want to delete this file?')) return;
    remove.mutate(f.id, { onSuccess: () => message('File deleted.'), onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };

  return (
    <section aria-label="Files">
      <Group justify="space-between" mb={4} gap="xs">
        <Title order={5}>Files ({files.length})</Title>
        {!readOnly && (
          <FileButton resetRef={reset} onChange={(f) => void send(f)} multiple>
            {(props) => (
              <Button {...props} size="compact-xs" variant="light" loading={busy !== null} aria-label="Upload files to the help ticket">
                Upload files
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {progress !== null && (
        <Group gap="xs" mb={4} wrap="nowrap">
          <Progress value={Math.min(100, progress)} size="sm" style={{ flex: 1, maxWidth: 420 }} animated={busy !== null} aria-label="Upload progress" data-progress={progress} />
          <Text size="xs" c="dimmed">
            {busy ?? `${Math.min(100, progress)}%`}
          </Text>
        </Group>
      )}
      {error && (
        <Text size="xs" c="red.8" role="alert" mb={4}>
          {error}
        </Text>
      )}
      <Table.ScrollContainer minWidth={380} type="native">
        <Table fz="xs" striped withTableBorder verticalSpacing={2} horizontalSpacing={6} data-testid="help-files">
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={140}>File</Table.Th>
              <Table.Th w={64}>Type</Table.Th>
              <Table.Th w={56} style={{ textAlign: 'right' }}>
                Size
              </Table.Th>
              <Table.Th w={130}>Uploaded</Table.Th>
              {!readOnly && <Table.Th w={32} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={readOnly ? 4 : 5}>
                  <Text size="xs" c="dimmed" py={2}>
                    No files yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {files.map((f) => (
              <Table.Tr key={f.id} data-file-id={f.id}>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  {f.file ? (
                    <Anchor href={f.file} target="_blank" rel="noopener" download={f.file_name ?? true} size="xs">
                      {f.file_name || 'file'}
                    </Anchor>
                  ) : (
                    (f.file_name ?? '')
                  )}
                </Table.Td>
                <Table.Td>{f.file_type}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{sizeText(f.size)}</Table.Td>
                <Table.Td>
                  <Text size="xs">{f.uploaded_by}</Text>
                  <Text size="xs" c="dimmed">
                    {showDateTime(f.uploaded_at)}
                  </Text>
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <ActionIcon size="sm" variant="subtle" color="red" onClick={() => del(f)} aria-label={`Delete ${f.file_name ?? 'file'}`} loading={remove.isPending && remove.variables === f.id}>
                      ✕
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
