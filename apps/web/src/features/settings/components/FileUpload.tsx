import { useState } from 'react';
import { Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useMessage } from '../../../lib/messages';
import { uploadErrorText } from '../../../lib/uploadError';

interface Props {
  /** What the file is, in the user's words ('background picture'). */
  what: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** The upload's mutation: sends the file with its progress, resolves when the server has it. */
  upload: { mutateAsync: (v: { file: File; onProgress: (percent: number) => void }) => Promise<unknown>; isPending: boolean };
  hasCurrent: boolean;
}

/** Choose a file, Upload with progress; the server's refusal is shown under it ('status: response'). */
export function FileUpload({ what, accept, file, onFile, upload: sending, hasCurrent }: Props) {
  const busy = sending.isPending;
  const message = useMessage();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      await sending.mutateAsync({ file, onProgress: setProgress });
      onFile(null);
      message(`${what.replace(/^./, (c) => c.toUpperCase())} saved.`, 'success');
    } catch (e) {
      const text = uploadErrorText(e);
      setError(text);
      message(text, 'error');
    } finally {
      setTimeout(() => setProgress(null), 800);
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <FileInput
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
          label={`${what} file`}
          labelProps={{ className: 'tl-sr-only' }}
          placeholder={hasCurrent ? 'Choose a file to replace it' : 'Choose a file...'}
          accept={accept}
          value={file}
          onChange={(f) => {
            setError(null);
            onFile(f);
          }}
          clearable
        />
        <Button size="xs" onClick={upload} disabled={!file} loading={busy}>
          Upload
        </Button>
      </Group>
      {progress !== null && <Progress value={Math.min(100, progress)} size="sm" animated={busy} aria-label="Upload progress" />}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
