/**
 * Every child line of every collection in one table, straight from the collection registry: a new
 * collection needs no projection code. Lines created inside a parent's own event (a job created
 * from a bid carries its items) are listed in `embeddedLines`. Each row remembers the parent stream
 * version that last touched it, and removed lines stay as tombstones, so re-applying an older event
 * changes nothing.
 */
import { lineEventKind, applyChanges, type Line, type Changes } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import { definePerEventProjection, type BatchContext } from '../shared/projection.ts';

/** Events that create lines of a collection inside the parent's event. */
const embeddedLines: Record<string, { collection: string; lines: (data: any) => Line[] }> = {
  JobCreatedFromBid: { collection: 'job_items', lines: (d) => d.items },
};

/** Events that delete a whole record (its lines go with it). */
const recordDeleted = (type: string) => type.endsWith('Deleted') && !lineEventKind(type);

async function upsertLine(ctx: BatchContext, e: RecordedEvent, collection: string, id: string, line: Line | null) {
  const t = ctx.table('collection_lines');
  const parent = parseStreamName(e.streamId);
  const row = {
    account_id: e.meta.accountId,
    collection,
    id,
    parent_stream: e.streamId,
    parent_id: parent.id,
    line: JSON.stringify(line ?? { id }),
    version: e.version,
    removed: line === null,
    updated_at: e.meta.at,
  };
  // Only an event newer than what the row holds may change it.
  await ctx.trx.raw(
    `insert into ?? (account_id, collection, id, parent_stream, parent_id, line, version, removed, updated_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
     on conflict (id) do update set line = excluded.line, version = excluded.version, removed = excluded.removed, updated_at = excluded.updated_at
     where ??.version < excluded.version`,
    [t, row.account_id, row.collection, row.id, row.parent_stream, row.parent_id, row.line, row.version, row.removed, row.updated_at, t],
  );
}

export const collectionLines = definePerEventProjection({
  name: 'collection_lines',
  tables: ['collection_lines'],
  handles: (e) => Boolean(lineEventKind(e.type) || embeddedLines[e.type] || recordDeleted(e.type)),
  async apply(e: RecordedEvent, ctx) {
    const t = ctx.table('collection_lines');
    const embedded = embeddedLines[e.type];
    if (embedded) {
      for (const line of embedded.lines(e.data)) await upsertLine(ctx, e, embedded.collection, line.id, line);
      return;
    }
    const k = lineEventKind(e.type);
    if (!k) {
      await ctx.trx(t).where({ parent_stream: e.streamId }).andWhere('version', '<', e.version).update({ removed: true, version: e.version, updated_at: e.meta.at });
      return;
    }
    const data = e.data as { id: string; line?: Line; changes?: Changes };
    if (k.kind === 'added') return upsertLine(ctx, e, k.def.name, data.id, data.line!);
    if (k.kind === 'removed') return upsertLine(ctx, e, k.def.name, data.id, null);
    const row = await ctx.trx(t).where({ id: data.id }).first('line', 'version', 'removed');
    if (row && !row.removed && row.version < e.version) await upsertLine(ctx, e, k.def.name, data.id, applyChanges(row.line, data.changes!));
  },
});

export const collectionProjections = [collectionLines];
