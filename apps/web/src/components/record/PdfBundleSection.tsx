import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Anchor, Button, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { pdfBundleOf, PDF_BUNDLE, type CollectionDef, type Line } from '@trenchline/domain';
import { useDeleteLine } from '../lines/api/deleteLine';
import { isQueued, KEPT_MESSAGE } from '../../lib/offline/queuedWrite';
import { useUploadFile } from '../lines/api/uploadFile';
import { confirmAction } from '../../lib/confirm';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { uploadErrorText } from '../../lib/uploadError';
import { useCan } from '../../features/auth';

interface Props {
  /** The record's files collection (bidFiles, projectFiles). */
  def: CollectionDef;
  parentId: string;
  /** The record's query key, refetched after an upload or delete. */
  recordKey: QueryKey;
  files: Line[];
  readOnly?: boolean;
  /** The section's own heading; without one, the bundle's row says what it is (the page heads it). */
  title?: string;
  /** On a full-width section the file input and progress bar keep to a readable width. */
  wide?: boolean;
}

function FileLink({ file }: { file: Line }) {
  return (
    <Anchor href={String(file.file)} download={String(file.file_name ?? '')} size="sm" target="_blank" rel="noreferrer">
      {String(file.file_name || 'file')}
    </Anchor>
  );
}

/** A record's PDF bundle: upload (replacing the previous one) with progress, download, delete; and its other files. */
export function PdfBundleSection({ def, parentId, recordKey, files, readOnly: shownReadOnly, title, wide }: Props) {
  const message = useMessage();
  // A bundle the role does not write (a job's to a field user, anything to an auditor) is shown, not offered.
  const writes = useCan()({ writeLines: def.name });
  const readOnly = shownReadOnly || !writes;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadFile(def, parentId, recordKey);
  const remove = useDeleteLine(def, recordKey);
  const bundle = pdfBundleOf(files);
  const others = files.filter((f) => f.file_type !== PDF_BUNDLE);

  const send = () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    upload.mutate(
      { file, fileType: PDF_BUNDLE, onProgress: setProgress },
      {
        onSuccess: (a) => {
          setFile(null);
          // Offline it waits in the outbox (sent resumably on return).
          message(isQueued(a) ? KEPT_MESSAGE : 'PDF bundle uploaded.', 'success');
        },
        onError: (e) => {
          const text = uploadErrorText(e);
          setError(text);
          message(text, 'error');
        },
        onSettled: () => setTimeout(() => setProgress(null), 800),
      },
    );
  };

  const del = (f: Line) => {
    if (!confirmAction('Sure you want to delete this file?')) return;
    remove.mutate(f.id, { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };

  return (
    <section aria-label="PDF bundle">
      {title && (
        <Title order={5} mb={4}>
          {title}
        </Title>
      )}
      <Stack gap={6}>
        {bundle ? (
          <Group gap="xs" wrap="nowrap">
            {!title && (
              <Text size="xs" c="dimmed">
                PDF bundle
              </Text>
            )}
            <FileLink file={bundle} />
            {!readOnly && (
              <Button size="compact-xs" color="red" variant="subtle" onClick={() => del(bundle)} loading={remove.isPending && remove.variables === bundle.id}>
                Delete
              </Button>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No PDF bundle yet.
          </Text>
        )}
        {!readOnly && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <FileInput
              size="xs"
              style={{ flex: 1, maxWidth: wide ? 420 : undefined }}
              label="PDF bundle file"
              labelProps={{ className: 'tl-sr-only' }}
              placeholder={bundle ? 'Choose a PDF to replace it' : 'Choose a PDF'}
              accept="application/pdf,.pdf"
              value={file}
              onChange={setFile}
              clearable
            />
            <Button size="xs" onClick={send} disabled={!file} loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        )}
        {progress !== null && <Progress value={Math.min(100, progress)} size="sm" maw={wide ? 500 : undefined} animated={upload.isPending} aria-label="Upload progress" />}
        {error && (
          <Text size="xs" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {others.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Other files
            </Text>
            {others.map((f) => (
              <Group key={f.id} gap="xs" wrap="nowrap">
                <FileLink file={f} />
                {!readOnly && (
                  <Button size="compact-xs" color="red" variant="subtle" onClick={() => del(f)}>
                    Delete
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </section>
  );
}
