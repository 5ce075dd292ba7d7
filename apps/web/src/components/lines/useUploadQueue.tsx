/**
 * Several files picked at once, uploaded one after the other under one progress bar (capped at 100),
 * with what is happening now, the error, and the picker's reset: the job's photos and files and a help
 * ticket's files upload the same way.
 */
import { useRef, useState } from 'react';
import { Group, Progress, Text } from '@mantine/core';
import { useMessage } from '../../lib/messages';
import { uploadErrorText } from '../../lib/uploadError';
import { isQueued, KEPT_MESSAGE } from '../../lib/offline/queuedWrite';

interface Options {
  /** One file's upload, reporting its own progress 0..100. */
  upload(file: File, onProgress: (percent: number) => void): Promise<unknown>;
  /** What a file becomes before upload (a photo resized), with the words shown meanwhile. */
  prepare?: { run(file: File): Promise<File>; label: string };
  /** 'file' or 'photo': the messages' noun. */
  noun: string;
}

export function useUploadQueue({ upload, prepare, noun }: Options) {
  const message = useMessage();
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reset = useRef<() => void>(null);

  const send = async (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    setProgress(0);
    let done = 0;
    let kept = 0;
    try {
      for (const picked of files) {
        if (prepare) setBusy(`${prepare.label} ${picked.name}...`);
        const file = prepare ? await prepare.run(picked) : picked;
        setBusy(`Uploading ${file.name}...`);
        // One bar over all the files: each file's share of it, never past 100.
        const answer = await upload(file, (p) => setProgress(Math.min(100, Math.round(((done + p / 100) / files.length) * 100))));
        if (isQueued(answer)) kept += 1;
        done += 1;
      }
      if (kept) message(KEPT_MESSAGE, 'success');
      else message(files.length === 1 ? `${noun[0].toUpperCase()}${noun.slice(1)} uploaded.` : `${files.length} ${noun}s uploaded.`, 'success');
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

  return { send, busy, progress, error, reset };
}

/** The queue's bar with what is happening now, and its error. */
export function UploadProgress({ progress, busy, error }: { progress: number | null; busy: string | null; error: string | null }) {
  return (
    <>
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
    </>
  );
}
