/** A command sent: the one sender for a write made online and for one kept in the outbox. */
import { request } from '../http';
import type { Command } from './outboxLogic';
import { sendUpload, type UploadHooks } from './resumableUpload';

/** The header naming who made a queued change: the server refuses it under another user's session (apps/api platform/writer.ts). */
export const WRITER_HEADER = 'X-Trenchline-Writer';

export interface SendOptions extends UploadHooks {
  /** The ownerKey of who made it: the outbox's sync names it, so the change goes only under its maker's session. */
  writer?: string;
}

/**
 * Sent with `key` as its Idempotency-Key: the same key twice is one write (docs/offline.md). An upload
 * goes resumably, its progress given to the hooks (the sync keeps it in the entry).
 */
export function sendCommand<T>(command: Command, key: string, { writer, ...hooks }: SendOptions = {}): Promise<T> {
  const headers = writer ? { [WRITER_HEADER]: writer } : undefined;
  if (command.upload) return sendUpload<T>(command, key, { ...hooks, headers });
  return request<T>(command.method, command.url, { body: command.body, ifMatch: command.ifMatch ?? null, idempotencyKey: key, headers });
}
