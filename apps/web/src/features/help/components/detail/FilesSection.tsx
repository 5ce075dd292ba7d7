/**
 * The files attached to the ticket (a screenshot, a log): upload with its progress (capped at 100),
 * each file with its download link, who and when, and delete.
 */
import { ActionIcon, Anchor, Button, FileButton, Group, Text, Title } from '@mantine/core';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showDateTime } from '../../../../lib/dates';
import { UploadProgress, useUploadQueue } from '../../../../components/lines/useUploadQueue';
import { useDeleteHelpFile } from '../../api/deleteHelpFile';
import type { HelpFile } from '../../api/types';
import { useUploadHelpFile } from '../../api/uploadHelpFile';
import { sizeText } from './formLogic';
import { SectionTable, type SectionColumn } from '../../../../components/table/SectionTable';

/** A file's name (its download link once stored), type, size and who uploaded it when. */
const columns: SectionColumn<HelpFile>[] = [
  {
    header: 'File',
    minWidth: 140,
    props: () => ({ style: { wordBreak: 'break-word' } }),
    cell: (f) =>
      f.file ? (
        <Anchor href={f.file} target="_blank" rel="noopener" download={f.file_name ?? true} size="xs">
          {f.file_name || 'file'}
        </Anchor>
      ) : (
        (f.file_name ?? '')
      ),
  },
  { header: 'Type', width: 64, cell: (f) => f.file_type },
  { header: 'Size', width: 56, right: true, cell: (f) => sizeText(f.size) },
  {
    header: 'Uploaded',
    width: 130,
    cell: (f) => (
      <>
        <Text size="xs">{f.uploaded_by}</Text>
        <Text size="xs" c="dimmed">
          {showDateTime(f.uploaded_at)}
        </Text>
      </>
    ),
  },
];

function DeleteFile({ file, onDelete, deleting }: { file: HelpFile; onDelete: (f: HelpFile) => void; deleting: boolean }) {
  return (
    <ActionIcon size="sm" variant="subtle" color="red" onClick={() => onDelete(file)} aria-label={`Delete ${file.file_name ?? 'file'}`} loading={deleting}>
      ✕
    </ActionIcon>
  );
}

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
      <SectionTable<HelpFile>
        columns={readOnly ? columns : [...columns, { header: '', key: 'delete', width: 32, cell: (f) => <DeleteFile file={f} onDelete={del} deleting={remove.isPending && remove.variables === f.id} /> }]}
        rows={files}
        empty="No files yet."
        minWidth={380}
        rowProps={(f) => ({ 'data-file-id': f.id })}
        tableProps={{ 'data-testid': 'help-files' }}
      />
    </section>
  );
}
