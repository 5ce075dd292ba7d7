/**
 * A resumable upload's steps with no network, so each is unit tested (docs/offline.md "Resumable
 * uploads"): a session made once and remembered, the offset asked after an interruption, chunks from
 * where the server stands, each step kept so a closed tab resumes there.
 */
import { ApiError } from '../http';

/** The bytes one PATCH carries: small enough to get through a weak signal between two losses. */
export const CHUNK_BYTES = 256 * 1024;

/** Where an upload stood when last told: its session and the bytes the server has. */
export interface UploadProgress {
  id: string;
  offset: number;
}

/** The server's side of the protocol, as the sender needs it. */
export interface UploadServer {
  /** A new session (POST /api/uploads). */
  start(): Promise<UploadProgress>;
  /** Where a session stands (GET); null when it is gone (expired, swept). */
  offset(id: string): Promise<number | null>;
  /** Bytes [from, to) of the file at `from` (PATCH); the new offset. */
  send(id: string, from: number, to: number): Promise<number>;
}

/** The chunk after `offset`, or null when every byte is sent. */
export function nextChunk(size: number, offset: number, chunk = CHUNK_BYTES): { from: number; to: number } | null {
  return offset >= size ? null : { from: offset, to: Math.min(size, offset + chunk) };
}

/** A 409 saying where the upload truly stands (a chunk sent twice, or one whose answer was lost). */
export function standsAt(e: unknown): number | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const at = e.body.offset;
  return typeof at === 'number' && Number.isInteger(at) && at >= 0 ? at : null;
}

const gone = (e: unknown) => e instanceof ApiError && e.status === 404;

/** How far the bytes are, 0..100 (a whole number, 100 only once all are sent). */
export const percentOf = (size: number, offset: number) => (size <= 0 ? 100 : Math.min(100, Math.floor((offset / size) * 100)));

/**
 * Every byte of a file of `size` sent, from `kept` when a session was remembered: a complete one is
 * taken as it is (its line's add may have consumed it: only that add, sent again, can tell); an
 * unfinished one is asked where it stands; a session gone is made again (once). Each step is given to
 * `keep` before the next. Answers the complete session's id.
 */
export async function sendAll(size: number, kept: UploadProgress | undefined, server: UploadServer, keep: (p: UploadProgress) => Promise<void>): Promise<string> {
  if (kept && kept.offset >= size) return kept.id;
  let at: UploadProgress | null = null;
  if (kept) {
    const offset = await server.offset(kept.id);
    at = offset === null ? null : { id: kept.id, offset };
  }
  let remade = false;
  const fresh = async () => {
    const p = await server.start();
    await keep(p);
    return p;
  };
  at ??= await fresh();
  for (let c = nextChunk(size, at.offset); c; c = nextChunk(size, at.offset)) {
    try {
      at = { id: at.id, offset: await server.send(at.id, c.from, c.to) };
    } catch (e) {
      const truly = standsAt(e);
      if (truly !== null) at = { id: at.id, offset: truly };
      else if (gone(e) && !remade) {
        remade = true;
        at = await fresh();
      } else throw e;
    }
    await keep(at);
  }
  return at.id;
}
