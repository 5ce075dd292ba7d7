/**
 * A kept upload sent resumably (docs/offline.md "Resumable uploads"): its sha256 (once), its session
 * (made once, its key derived from the entry's so a lost answer makes no second), its chunks from where
 * the server stands, then the line's add naming the session with the entry's own Idempotency-Key, so
 * the line is added once. Each step is given to `keep` (the sync writes it into the entry).
 */
import { fileHash } from '@trenchline/domain';
import { http, request } from '../http';
import type { Command, KeptUpload } from './outboxLogic';
import { percentOf, sendAll, type UploadProgress } from './resumableLogic';

export interface UploadHooks {
  onProgress?: (percent: number) => void;
  /** Where the upload stands now (its hash, its session and offset), kept before the next step. */
  keep?: (upload: KeptUpload) => Promise<void>;
  /** Sent with each of its calls (the writer's header). */
  headers?: Record<string, string>;
}

/** Read a piece at a time: a 100 MB file is never whole in memory. */
const HASH_PIECE = 1024 * 1024;

export async function sha256OfBlob(file: Blob): Promise<string> {
  const h = fileHash();
  for (let at = 0; at < file.size; at += HASH_PIECE) h.update(new Uint8Array(await file.slice(at, at + HASH_PIECE).arrayBuffer()));
  return h.hex();
}

interface SessionAnswer {
  id: string;
  offset: number;
}

export async function sendUpload<T>(command: Command, key: string, hooks: UploadHooks = {}): Promise<T> {
  let upload = command.upload as KeptUpload;
  const keep = async (next: KeptUpload) => {
    upload = next;
    await hooks.keep?.(next);
  };
  const { file } = upload;
  if (!upload.sha256) await keep({ ...upload, sha256: await sha256OfBlob(file) });
  const sha256 = upload.sha256 as string;
  const id = await sendAll(
    file.size,
    upload.session,
    {
      start: async () => {
        const s = await http.post<SessionAnswer>('/api/uploads', { size: file.size, sha256, file_name: upload.fileName, content_type: file.type || undefined }, { idempotencyKey: `${key}:session`, headers: hooks.headers });
        return { id: s.id, offset: s.offset };
      },
      offset: async (sessionId) => {
        try {
          return (await http.get<SessionAnswer>(`/api/uploads/${sessionId}`)).offset;
        } catch (e) {
          if ((e as { status?: number }).status === 404) return null;
          throw e;
        }
      },
      send: async (sessionId, from, to) =>
        (await request<SessionAnswer>('PATCH', `/api/uploads/${sessionId}`, { body: file.slice(from, to), headers: { ...hooks.headers, 'Upload-Offset': String(from) } })).offset,
    },
    async (p: UploadProgress) => {
      await keep({ ...upload, session: p });
      hooks.onProgress?.(percentOf(file.size, p.offset));
    },
  );
  // The form's fields as JSON, the file named by its session: the same add as the multipart one, sent once by its key.
  return request<T>(command.method, command.url, { body: { ...upload.fields, file_name: upload.fileName, upload: id }, idempotencyKey: key, headers: hooks.headers });
}
