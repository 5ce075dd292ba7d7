import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectFiles } from '@trenchline/domain';
import { upload } from '../../../lib/http';
import type { LineAnswer } from '../../../components/lines/api/types';
import { linesUrl } from '../../../components/lines/api/urls';
import { projectKey } from './types';

export interface UploadProjectFileInput {
  projectId: string;
  file: File;
  /** 'pdf_bundle' replaces the project's previous bundle on the server. */
  fileType: string;
  onProgress?: (percent: number) => void;
}

export function uploadProjectFile({ projectId, file, fileType, onProgress }: UploadProjectFileInput) {
  const form = new FormData();
  form.append('file', file);
  form.append('project', projectId);
  form.append('file_name', file.name);
  form.append('file_type', fileType);
  return upload<LineAnswer>(linesUrl(projectFiles, projectId), form, onProgress);
}

export function useUploadProjectFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadProjectFile,
    onSuccess: (_a, input) => qc.invalidateQueries({ queryKey: projectKey(input.projectId) }),
  });
}
