import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putAccountFile, type UploadFileInput } from './accountFile';
import type { AccountFile } from './types';
import { trainingVideoKey } from './trainingVideo';

/** Replace the training video (PUT: the account holds one). */
export const uploadTrainingVideo = (input: UploadFileInput) => putAccountFile<AccountFile>('/api/settings/how2s/videos/1/', 'file_name', input);

export function useUploadTrainingVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadTrainingVideo,
    onSuccess: (answer) => {
      if (answer && 'url' in answer) qc.setQueryData(trainingVideoKey, answer);
      return qc.invalidateQueries({ queryKey: trainingVideoKey });
    },
  });
}
