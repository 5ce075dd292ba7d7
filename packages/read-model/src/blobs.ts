/**
 * The BlobStore port and its local-folder adapter: files are content-addressed by sha256, so the
 * same PDF uploaded twice is stored once; events carry the file's metadata, never its bytes.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface BlobStore {
  put(bytes: Buffer): Promise<{ sha256: string; size: number }>;
  get(sha256: string): Promise<Readable | null>;
}

/** A stored file's bytes, or null when it is not in the store (the worker reads an import or attaches a report). */
export async function blobBytes(blobs: BlobStore, sha256: string): Promise<Buffer | null> {
  const stream = await blobs.get(sha256);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

export function localBlobStore(dir: string): BlobStore {
  const pathOf = (sha: string) => join(dir, sha.slice(0, 2), sha);
  return {
    async put(bytes) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const path = pathOf(sha256);
      try {
        await stat(path);
      } catch {
        await mkdir(join(dir, sha256.slice(0, 2)), { recursive: true });
        // Write then rename: a crash never leaves a half file under the final name.
        const tmp = `${path}.${process.pid}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, path);
      }
      return { sha256, size: bytes.length };
    },
    async get(sha256) {
      if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
      try {
        await stat(pathOf(sha256));
        return createReadStream(pathOf(sha256));
      } catch {
        return null;
      }
    },
  };
}
