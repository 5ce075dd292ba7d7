import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putAccountFile, type UploadFileInput } from './accountFile';
import { backgroundPictureKey, type BackgroundPicture } from './backgroundPicture';

/** Replace the account's background picture (PUT: the account holds one). */
export const uploadBackgroundPicture = (input: UploadFileInput) => putAccountFile<BackgroundPicture>('/api/settings/background_picture/', 'background_picture_file_name', input);

export function useUploadBackgroundPicture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadBackgroundPicture,
    // Every page's background (the Shell's query) and the preview here.
    onSuccess: () => qc.invalidateQueries({ queryKey: backgroundPictureKey }),
  });
}
