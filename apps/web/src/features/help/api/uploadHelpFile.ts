import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../../lib/http';
import { helpKey, helpUrl, type HelpFile } from './types';

export interface UploadHelpFileInput {
  file: File;
  /** The client's words for it: 'screenshot', 'log', or the browser's type. */
  fileType: string;
  /** A whole percentage, never past 100. */
  onProgress?: (percent: number) => void;
}

/** Multipart POST /api/help/{id}/files/ with file, helpticket, file_name and file_type, with its upload progress. */
export function uploadHelpFile(ticketId: string, { file, fileType, onProgress }: UploadHelpFileInput) {
  const form = new FormData();
  form.append('file', file);
  form.append('helpticket', ticketId);
  form.append('file_name', file.name);
  form.append('file_type', fileType);
  return upload<HelpFile>(`${helpUrl(ticketId)}files/`, form, onProgress);
}

export function useUploadHelpFile(ticketId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadHelpFileInput) => uploadHelpFile(ticketId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: helpKey(ticketId) }),
  });
}
