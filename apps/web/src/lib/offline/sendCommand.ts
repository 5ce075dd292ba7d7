/** A command sent: the one sender for a write made online and for one kept in the outbox. */
import { request, upload } from '../http';
import type { Command } from './outboxLogic';

/** Sent with `key` as its Idempotency-Key: the same key twice is one write (docs/offline.md). */
export function sendCommand<T>(command: Command, key: string): Promise<T> {
  const kept = command.upload;
  if (!kept) return request<T>(command.method, command.url, { body: command.body, ifMatch: command.ifMatch ?? null, idempotencyKey: key });
  const form = new FormData();
  for (const [name, value] of Object.entries(kept.fields)) form.append(name, value);
  form.append(kept.fileField, kept.file, kept.fileName);
  return upload<T>(command.url, form, undefined, command.method === 'PUT' ? 'PUT' : 'POST', { idempotencyKey: key });
}
