import { useEffect, useMemo, useState } from 'react';
import { Group, Image, Stack, Text } from '@mantine/core';
import { useBackgroundPictureFile } from '../api/backgroundPicture';
import { useUploadBackgroundPicture } from '../api/uploadBackgroundPicture';
import { FileUpload } from './FileUpload';

/** A small framed picture with its caption. */
function Thumb({ src, caption, alt }: { src: string; caption: string; alt: string }) {
  return (
    <Stack gap={2} w={170}>
      <Image src={src} alt={alt} h={96} w={170} fit="cover" radius="sm" style={{ border: '1px solid var(--mantine-color-gray-4)' }} />
      <Text size="xs" c="dimmed" truncate title={caption}>
        {caption}
      </Text>
    </Stack>
  );
}

/** The picture behind every page: the current one, a preview of the chosen one, Upload. */
export function BackgroundPictureSection() {
  const current = useBackgroundPictureFile();
  const upload = useUploadBackgroundPicture();
  const [file, setFile] = useState<File | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const url = current.data?.url ?? null;

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start">
        {url ? (
          <Thumb src={url} alt="Current background picture" caption={current.data?.file_name ?? 'Current picture'} />
        ) : (
          <Text size="xs" c="dimmed" w={170}>
            {current.isPending ? 'Loading...' : 'No picture yet: pages show plain grey.'}
          </Text>
        )}
        {preview && file && <Thumb src={preview} alt="Chosen picture" caption={`Not saved yet: ${file.name}`} />}
      </Group>
      <FileUpload what="background picture" accept="image/*" file={file} onFile={setFile} hasCurrent={Boolean(url)} upload={upload} />
    </Stack>
  );
}
