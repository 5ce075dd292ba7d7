import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTrainingVideo } from '../api/trainingVideo';
import { useUploadTrainingVideo } from '../api/uploadTrainingVideo';
import { FileUpload } from './FileUpload';

/** The training video the help pages show: play it here, or upload a new one. */
export function TrainingVideoSection() {
  const video = useTrainingVideo();
  const upload = useUploadTrainingVideo();
  const [file, setFile] = useState<File | null>(null);
  const url = video.data?.url ?? null;

  return (
    <Stack gap={6}>
      {url ? (
        <>
          {/* Spec 1: video areas have their right-click menu disabled. */}
          <video
            key={url}
            src={url}
            controls
            controlsList="nodownload"
            preload="metadata"
            aria-label="Training video"
            onContextMenu={(e) => e.preventDefault()}
            style={{ width: '100%', maxHeight: 200, background: 'black', borderRadius: 4 }}
          />
          <Text size="xs" c="dimmed" truncate>
            {video.data?.file_name}
          </Text>
        </>
      ) : (
        <Text size="xs" c="dimmed">
          {video.isPending ? 'Loading...' : video.isError ? 'The training video could not be loaded.' : 'No training video yet.'}
        </Text>
      )}
      <FileUpload what="training video" accept="video/*" file={file} onFile={setFile} hasCurrent={Boolean(url)} upload={upload} />
    </Stack>
  );
}
