import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bidFiles } from '@trenchline/domain';
import { upload } from '../../../lib/http';
import type { LineAnswer } from '../../../components/lines/api/types';
import { linesUrl } from '../../../components/lines/api/urls';
import { bidKey } from './types';

export interface UploadBidFileInput {
  bidId: string;
  file: File;
  /** 'pdf_bundle' replaces the bid's previous bundle on the server. */
  fileType: string;
  onProgress?: (percent: number) => void;
}

export function uploadBidFile({ bidId, file, fileType, onProgress }: UploadBidFileInput) {
  const form = new FormData();
  form.append('file', file);
  form.append('bid', bidId);
  form.append('file_name', file.name);
  form.append('file_type', fileType);
  return upload<LineAnswer>(linesUrl(bidFiles, bidId), form, onProgress);
}

export function useUploadBidFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadBidFile,
    onSuccess: (_a, input) => qc.invalidateQueries({ queryKey: bidKey(input.bidId) }),
  });
}
