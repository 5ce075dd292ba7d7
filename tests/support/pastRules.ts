/**
 * Records as a server before a rule wrote them (issue 28: dates that cannot be): one event appended
 * straight to the record's stream through the event store port, past the decider that now refuses it,
 * with the metadata of the stream's last event. For tests that prove an old record stays savable.
 */
import { randomUUID } from 'node:crypto';
import type { TestApp } from './app.ts';

export async function appendAsBeforeTheRule(app: TestApp, stream: string, type: string, data: unknown): Promise<void> {
  const store = app.api.ctx.store;
  const last = (await store.readStream(stream)).at(-1);
  if (!last) throw new Error(`no stream ${stream}`);
  await store.append(stream, [{ type, data, meta: { ...last.meta, correlationId: randomUUID(), causationId: null } }], { expectedVersion: last.version });
}
