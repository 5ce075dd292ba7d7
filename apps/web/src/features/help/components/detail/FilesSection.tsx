/**
 * The files attached to the ticket (a screenshot, a log): upload with its progress (capped at 100),
 * each file with its download link, who and when, and delete.
 */
import { ActionIcon, Anchor, Button, FileButton, Group, Table, Text, Title } from '@mantine/core';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showDateTime } from '../../../../lib/dates';
import { UploadProgress, useUploadQueue } from '../../../../components/lines/useUploadQueue';
import { useDeleteHelpFile } from '../../api/deleteHelpFile';
import type { HelpFile } from '../../api/types';
import { useUploadHelpFile } from '../../api/uploadHelpFile';
import { sizeText } from './formLogic';
import { EmptyRow } from '../../../../components/table/TableCells';

interface Props {
  ticketId: string;
  files: HelpFile[];
  readOnly?: boolean;
}

export function FilesSection({ ticketId, files, readOnly }: Props) {
  const message = useMessage();
  const upload = useUploadHelpFile(ticketId);
  const remove = useDeleteHelpFile(ticketId);
  const { send, busy, progress, error, reset } = useUploadQueue({ noun: 'file', upload: (file, onProgress) => upload.mutateAsync({ file, fileType: file.type || 'file', onProgress }) });

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
      <UploadProgress progress={progress} busy={busy} error={error} />
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
              <EmptyRow colSpan={readOnly ? 4 : 5}>No files yet.</EmptyRow>
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
