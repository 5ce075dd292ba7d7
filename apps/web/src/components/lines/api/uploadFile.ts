import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { upload } from '../../../lib/http';
import type { LineAnswer } from './types';
import { linesUrl } from './urls';

export interface UploadFileInput {
  file: File;
  /** 'pdf_bundle' replaces the record's previous bundle on the server. */
  fileType: string;
  onProgress?: (percent: number) => void;
}

/** Upload a file as a line of a files collection (bidFiles, projectFiles), with progress. */
export function uploadFile(def: CollectionDef, parentId: string, { file, fileType, onProgress }: UploadFileInput) {
  const form = new FormData();
  form.append('file', file);
  form.append(def.parentField, parentId);
  form.append('file_name', file.name);
  form.append('file_type', fileType);
  return upload<LineAnswer>(linesUrl(def, parentId), form, onProgress);
}

/** `recordKey` is the parent's query key; it is refetched so the new file appears. */
export function useUploadFile(def: CollectionDef, parentId: string, recordKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadFileInput) => uploadFile(def, parentId, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: recordKey }),
  });
}
