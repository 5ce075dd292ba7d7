import { useState } from 'react';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { useTrainingVideo } from '../api/trainingVideo';

/**
 * The account's training video above the help list (spec 3 section 2), its right-click menu
 * disabled so it is watched here rather than saved; hidden and shown by its title. Nothing when the
 * account has no video.
 */
export function TrainingVideo() {
  const video = useTrainingVideo();
  const [open, setOpen] = useState(true);
  const src = video.data?.file || video.data?.url;
  if (!src) return null;
  return (
    <Paper withBorder p={6} mb="xs" radius="sm" data-testid="training-video">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Training video
        </Text>
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide' : 'Show'}
        </Anchor>
      </Group>
      {open && (
        <video
          src={src}
          controls
          controlsList="nodownload"
          preload="metadata"
          onContextMenu={(e) => e.preventDefault()}
          style={{ display: 'block', width: '100%', maxWidth: 560, maxHeight: 315, marginTop: 4, background: '#000' }}
          aria-label="Training video"
        />
      )}
    </Paper>
  );
}
