import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/http';
import { backgroundPictureKey, type BackgroundPicture } from './backgroundPicture';

export interface UploadFileInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/** Replace the account's background picture (PUT: the account holds one). */
export function uploadBackgroundPicture({ file, onProgress }: UploadFileInput) {
  const form = new FormData();
  form.append('file', file);
  form.append('background_picture_file_name', file.name);
  return upload<BackgroundPicture>('/api/settings/background_picture/', form, onProgress, 'PUT');
}

export function useUploadBackgroundPicture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadBackgroundPicture,
    // Every page's background (the Shell's query) and the preview here.
    onSuccess: () => qc.invalidateQueries({ queryKey: backgroundPictureKey }),
  });
}
