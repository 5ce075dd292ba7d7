import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { TrainingVideo as Video } from '../api/trainingVideo';

/** The video's shown size: small enough to leave the list most of the screen. */
export const VIDEO_HEIGHT = 203;

/** Where the video plays from: its file's address (the API's `file`, else `url`); null when the account has none. */
export const videoSource = (v: Video | null | undefined) => v?.file || v?.url || null;

interface Props {
  src: string;
  open: boolean;
  onToggle: () => void;
}

/**
 * The account's training video above the help list (spec 3 section 2), its right-click menu
 * disabled so it is watched here rather than saved; hidden and shown by its title line.
 */
export function TrainingVideo({ src, open, onToggle }: Props) {
  return (
    <Paper withBorder p={6} mb="xs" radius="sm" data-testid="training-video">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Training video
        </Text>
        <Anchor component="button" type="button" size="xs" onClick={onToggle} aria-expanded={open}>
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
          style={{ display: 'block', height: VIDEO_HEIGHT, maxWidth: '100%', marginTop: 4, background: '#000', borderRadius: 4 }}
          aria-label="Training video"
        />
      )}
    </Paper>
  );
}
