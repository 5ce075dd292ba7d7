/**
 * A file's SHA-256 read a piece at a time: a resumable upload declares it before its first chunk
 * (docs/offline.md "Resumable uploads"). Pure JavaScript, so a tablet on plain http (no crypto.subtle)
 * hashes the same as the server.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export interface FileHash {
  update(piece: Uint8Array): void;
  /** The hash in lowercase hex, once every piece is in. */
  hex(): string;
}

export function fileHash(): FileHash {
  const h = sha256.create();
  return { update: (piece) => void h.update(piece), hex: () => bytesToHex(h.digest()) };
}
