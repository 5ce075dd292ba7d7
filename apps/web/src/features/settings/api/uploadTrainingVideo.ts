import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/http';
import type { AccountFile } from './types';
import { trainingVideoKey } from './trainingVideo';
import type { UploadFileInput } from './uploadBackgroundPicture';

/** Replace the training video (PUT: the account holds one). */
export function uploadTrainingVideo({ file, onProgress }: UploadFileInput) {
  const form = new FormData();
  form.append('file', file);
  form.append('file_name', file.name);
  return upload<AccountFile>('/api/settings/how2s/videos/1/', form, onProgress, 'PUT');
}

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
