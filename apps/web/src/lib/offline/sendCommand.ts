/** A command sent: the one sender for a write made online and for one kept in the outbox. */
import { request } from '../http';
import type { Command } from './outboxLogic';
import { sendUpload, type UploadHooks } from './resumableUpload';

/**
 * Sent with `key` as its Idempotency-Key: the same key twice is one write (docs/offline.md). An upload
 * goes resumably, its progress given to `hooks` (the sync keeps it in the entry).
 */
export function sendCommand<T>(command: Command, key: string, hooks: UploadHooks = {}): Promise<T> {
  if (command.upload) return sendUpload<T>(command, key, hooks);
  return request<T>(command.method, command.url, { body: command.body, ifMatch: command.ifMatch ?? null, idempotencyKey: key });
}
