import { upload } from '../../../lib/http';

export interface UploadFileInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/** Replace a file the account holds one of (PUT): the file, and its name in the field the server reads it from. */
export function putAccountFile<T>(path: string, nameField: string, { file, onProgress }: UploadFileInput) {
  const form = new FormData();
  form.append('file', file);
  form.append(nameField, file.name);
  return upload<T>(path, form, onProgress, 'PUT');
}
