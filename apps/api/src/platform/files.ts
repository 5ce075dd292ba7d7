/** Downloads of stored files: one route for every upload collection, only for the owning account. */
import { collections, type Line, type RecordState } from '@trenchline/domain';
import { defineRoutes, reply } from './routes.ts';
import { findRecord } from './ids.ts';
import { loadRecord } from './records.ts';
import { notFound } from './errors.ts';

export const fileRoutes = defineRoutes('files', [
  {
    method: 'get',
    path: '/files/:id{/:name}',
    ids: { id: collections().filter((c) => c.upload).map((c) => c.name), name: null },
    summary: 'Download a stored file by its line id',
    handle: async ({ actor, params }, ctx) => {
      const rec = /^\d{1,18}$/.test(params.id) ? await findRecord(ctx, params.id, actor.accountId) : null;
      const def = rec && collections().find((c) => c.upload && c.name === rec.kind);
      if (!rec || !def) throw notFound('File');
      const loaded = await loadRecord<RecordState>(ctx, actor, def.aggregate, rec.streamId.slice(def.aggregate.length + 1));
      const line = loaded.state.lines[def.name]?.[params.id] as Line | undefined;
      const stream = line ? await ctx.blobs.get(String(line.sha256)) : null;
      if (!line || !stream) throw notFound('File');
      return reply({ file: { stream, contentType: String(line.content_type || 'application/octet-stream'), name: String(line.file_name || 'file'), size: Number(line.size) || undefined } });
    },
  },
]);
