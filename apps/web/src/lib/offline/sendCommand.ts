/** A command sent: the one sender for a write made online and for one kept in the outbox. */
import { request, upload } from '../http';
import type { Command } from './outboxLogic';

/** The header naming who made a queued change: the server refuses it under another user's session (apps/api platform/writer.ts). */
export const WRITER_HEADER = 'X-Trenchline-Writer';

/**
 * Sent with `key` as its Idempotency-Key: the same key twice is one write (docs/offline.md). `writer`
 * (an ownerKey) is given by the outbox's sync, so the change goes only under its maker's session.
 */
export function sendCommand<T>(command: Command, key: string, writer?: string): Promise<T> {
  const headers = writer ? { [WRITER_HEADER]: writer } : undefined;
  const kept = command.upload;
  if (!kept) return request<T>(command.method, command.url, { body: command.body, ifMatch: command.ifMatch ?? null, idempotencyKey: key, headers });
  const form = new FormData();
  for (const [name, value] of Object.entries(kept.fields)) form.append(name, value);
  form.append(kept.fileField, kept.file, kept.fileName);
  return upload<T>(command.url, form, undefined, command.method === 'PUT' ? 'PUT' : 'POST', { idempotencyKey: key, headers });
}
