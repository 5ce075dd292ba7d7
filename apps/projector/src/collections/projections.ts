/**
 * Every child line of every collection in one table, straight from the collection registry: a new
 * collection needs no projection code. Lines created inside a parent's own event (a job created
 * from a bid carries its items) are listed in `embeddedLines`. Each row remembers the parent stream
 * version that last touched it, and removed lines stay as tombstones, so re-applying an older event
 * changes nothing. A batch reads the rows it touches once and writes each once.
 */
import { lineEventKind, applyChanges, type Line, type Changes, type JobCreatedFromBid, type SvaCodesImported } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import type { CollectionLineRow } from '@trenchline/read-model';
import { defineProjection } from '../shared/projection.ts';
import { upsertRows } from '../shared/upsert.ts';
import { anyOf } from '@trenchline/platform';

/** Events that create (or revise) lines of a collection inside the parent's own event (each reads its own event's data). */
const embeddedLines: Record<string, { collection: string; lines(data: never): Line[]; revised?(data: never): { id: string; changes: Changes }[] }> = {
  JobCreatedFromBid: { collection: 'job_items', lines: (d: JobCreatedFromBid['data']) => d.items },
  SvaCodesImported: { collection: 'sva_codes', lines: (d: SvaCodesImported['data']) => d.added, revised: (d: SvaCodesImported['data']) => d.revised },
};

/** Events that delete a whole record (its lines go with it). */
const recordDeleted = (type: string) => type.endsWith('Deleted') && !lineEventKind(type);

type Row = Omit<CollectionLineRow, 'updated_at'> & { updated_at: string };

export const collectionLines = defineProjection({
  name: 'collection_lines',
  tables: ['collection_lines'],
  handles: (e) => Boolean(lineEventKind(e.type) || embeddedLines[e.type] || recordDeleted(e.type)),
  async applyBatch(events: RecordedEvent[], ctx) {
    const t = ctx.table('collection_lines');
    const lineIds = new Set<string>();
    const deletedParents = new Set<string>();
    for (const e of events) {
      if (embeddedLines[e.type]) {
        for (const l of embeddedLines[e.type].lines(e.data as never)) lineIds.add(l.id);
        for (const r of embeddedLines[e.type].revised?.(e.data as never) ?? []) lineIds.add(r.id);
      }
      else if (lineEventKind(e.type)) lineIds.add((e.data as { id: string }).id);
      else deletedParents.add(e.streamId);
    }
    const rows = new Map<string, Row>();
    const loaded = await ctx.trx(t).where(anyOf(ctx.trx, 'id', [...lineIds])).orWhere(anyOf(ctx.trx, 'parent_stream', [...deletedParents], 'text')).select('*');
    for (const r of loaded) rows.set(String(r.id), { ...r, id: String(r.id) });
    const dirty = new Set<string>();

    // Only an event newer than what a row holds may change it.
    const put = (e: RecordedEvent, collection: string, id: string, line: Line | null) => {
      const current = rows.get(id);
      if (current && current.version >= e.version) return;
      rows.set(id, {
        account_id: e.meta.accountId,
        collection,
        id,
        parent_stream: e.streamId,
        parent_id: parseStreamName(e.streamId).id,
        // A live line carries the version that last touched it, as the domain's fold stamps it.
        line: (line ? { ...line, version: e.version } : (current?.line ?? { id })) as Row['line'],
        version: e.version,
        removed: line === null,
        updated_at: e.meta.at,
      });
      dirty.add(id);
    };

    for (const e of events) {
      const embedded = embeddedLines[e.type];
      const k = lineEventKind(e.type);
      if (embedded) {
        for (const line of embedded.lines(e.data as never)) put(e, embedded.collection, line.id, line);
        for (const r of embedded.revised?.(e.data as never) ?? []) {
          const row = rows.get(r.id);
          if (row && !row.removed) put(e, embedded.collection, r.id, applyChanges(row.line, r.changes) as Line);
        }
      }
      else if (!k) {
        for (const r of rows.values()) if (r.parent_stream === e.streamId && !r.removed) put(e, r.collection, r.id, null);
      } else {
        const data = e.data as { id: string; line?: Line; changes?: Changes };
        if (k.kind === 'added') put(e, k.def.name, data.id, data.line!);
        else if (k.kind === 'removed') put(e, k.def.name, data.id, null);
        else {
          const row = rows.get(data.id);
          if (row && !row.removed) put(e, k.def.name, data.id, applyChanges(row.line, data.changes!) as Line);
        }
      }
    }

    const out = [...dirty].map((id) => rows.get(id)!);
    await upsertRows(ctx.trx, t, out, { update: ['line', 'version', 'removed', 'updated_at'], onlyIfNewer: 'version' });
  },
});

export const collectionProjections = [collectionLines];
