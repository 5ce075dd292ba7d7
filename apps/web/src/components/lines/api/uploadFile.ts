import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef } from '@trenchline/domain';
import { newIdempotencyKey } from '../../../lib/http';
import { tempId, type Command } from '../../../lib/offline/outboxLogic';
import { isQueued, queuedWrite } from '../../../lib/offline/queuedWrite';
import type { LineAnswer } from './types';
import { linesUrl } from './urls';

export interface UploadFileInput {
  file: File;
  /** 'pdf_bundle' replaces the record's previous bundle on the server. */
  fileType: string;
  onProgress?: (percent: number) => void;
}

/** An upload as a command (lib/offline): the file and the form's fields, sent resumably, kept in the outbox with its Blob offline. */
export function uploadCommand(def: CollectionDef, parentId: string, { file, fileType }: UploadFileInput): Command {
  return {
    method: 'POST',
    url: linesUrl(def, parentId),
    upload: { file, fileName: file.name, fileField: 'file', fields: { [def.parentField]: parentId, file_type: fileType } },
    label: `${def.noun[0].toUpperCase()}${def.noun.slice(1)}: ${file.name} uploaded`,
    makes: [tempId(newIdempotencyKey())],
    noun: def.noun.toLowerCase(),
  };
}

/**
 * Upload a file as a line of a files collection (a record's files, photos, a damage report's photos),
 * with progress. Offline (or with no answer) it waits in the outbox: the section shows it from there
 * (useWaitingUploads), so nothing is laid over the record's detail. `recordKey` is refetched once sent.
 */
export function useUploadFile(def: CollectionDef, parentId: string, recordKey: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadFileInput) => {
      const command = uploadCommand(def, parentId, input);
      return queuedWrite<LineAnswer>(qc, command, () => ({ id: command.makes![0], file_name: input.file.name }) as LineAnswer, input.onProgress);
    },
    onSuccess: (a) => (isQueued(a) ? undefined : qc.invalidateQueries({ queryKey: recordKey })),
  });
}
