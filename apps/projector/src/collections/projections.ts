/**
 * Every child line of every collection in one table, straight from the collection registry: a new
 * collection needs no projection code. Lines created inside a parent's own event (a job created
 * from a bid carries its items) are listed by `embeddedLines`.
 */
import { lineEventKind, applyChanges, type Line, type Changes, presentLine, collection } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import { definePerEventProjection } from '../shared/projection.ts';

/** Events that create lines of a collection inside the parent's event. */
const embeddedLines: Record<string, { collection: string; lines: (data: any) => Line[] }> = {
  JobCreatedFromBid: { collection: 'job_items', lines: (d) => d.items },
};

export const collectionLines = definePerEventProjection({
  name: 'collection_lines',
  tables: ['collection_lines'],
  handles: (e) => Boolean(lineEventKind(e.type) || embeddedLines[e.type] || e.type.endsWith('Deleted')),
  async apply(e: RecordedEvent, ctx) {
    const t = ctx.table('collection_lines');
    const parent = parseStreamName(e.streamId);
    const base = { account_id: e.meta.accountId, parent_stream: e.streamId, parent_id: parent.id, updated_at: e.meta.at };
    const embedded = embeddedLines[e.type];
    if (embedded) {
      for (const line of embedded.lines(e.data)) {
        await ctx.trx(t).insert({ ...base, collection: embedded.collection, id: line.id, line: JSON.stringify(line) }).onConflict('id').merge();
      }
      return;
    }
    const k = lineEventKind(e.type);
    if (!k) {
      // The parent record was deleted: its lines go with it.
      await ctx.trx(t).where({ parent_stream: e.streamId }).delete();
      return;
    }
    const data = e.data as { id: string; line?: Line; changes?: Changes };
    if (k.kind === 'added') {
      await ctx.trx(t).insert({ ...base, collection: k.def.name, id: data.id, line: JSON.stringify(data.line) }).onConflict('id').merge();
    } else if (k.kind === 'revised') {
      const row = await ctx.trx(t).where({ id: data.id }).first('line');
      if (row) await ctx.trx(t).where({ id: data.id }).update({ line: JSON.stringify(applyChanges(row.line, data.changes!)), updated_at: e.meta.at });
    } else {
      await ctx.trx(t).where({ id: data.id }).delete();
    }
  },
});

/** A stored line as clients see it (computed fields added). */
export const presentStoredLine = (name: string, line: Line) => presentLine(collection(name), line);

export const collectionProjections = [collectionLines];
