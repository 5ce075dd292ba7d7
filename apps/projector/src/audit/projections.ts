/**
 * The account's trail (docs/audit-trail.md): one row per event of every record, lines, settings and
 * reports included, written once (a re-applied event changes nothing). Its changes are the history
 * entry's (the domain's `historyEntry`), its area the registry's; the row's words for `q` are the
 * event's own (who, what in words, the values it set). The record's current number and title and a
 * line's number are read with the page (read-model `audit/trail.ts`), so a renamed record reads the same on every row.
 */
import { aggregates, areaOf, historyEntry, lineEventKind, lineLabel, recordShown, shownValue, trailSummary, trailVerb } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import { defineProjection } from '../shared/projection.ts';
import { upsertRows } from '../shared/upsert.ts';

/** The position's two numbers (`<major>:<minor>`, the store's order), kept as numbers to sort on. */
const positionParts = (position: string) => {
  const [major, minor] = position.split(':');
  return { major, minor: minor ?? major };
};

/** One event as its trail row. */
export function trailRow(e: RecordedEvent) {
  const { aggregate, id } = parseStreamName(e.streamId);
  const def = aggregates[aggregate];
  const label = def?.label ?? aggregate;
  const entry = historyEntry(e);
  const line = lineEventKind(e.type);
  const changes = entry.changes.map((c) => ({ field: c.field, old: c.old ?? null, new: c.new ?? null }));
  // What the event itself says of the record's name (a created record's number and title).
  const named = def ? recordShown(def, id, Object.fromEntries(changes.map((c) => [c.field, c.new]))) : null;
  // A line's number is in its added event; later events of the line are named with the page.
  const lineName = line?.kind === 'added' ? lineLabel(line.def, (e.data as { line?: Record<string, unknown> }).line) : null;
  const summary = trailSummary({ type: e.type, record: { label, aggregate, name: line ? null : (named?.number ?? named?.title ?? null) }, line: line ? { def: line.def, label: lineName } : null, changes });
  const meta = e.meta as RecordedEvent['meta'] & { role?: string };
  const search = [
    meta.userName,
    areaOf(aggregate),
    label,
    line?.def.noun,
    trailVerb(e.type, line ? line.def.entity : label),
    e.type,
    id,
    named?.number,
    named?.title,
    summary,
    ...changes.flatMap((c) => [c.field, c.new === null ? '' : shownValue(c.new), c.old === null ? '' : shownValue(c.old)]),
  ]
    .filter((x) => x !== null && x !== undefined && x !== '')
    .join(' ')
    .toLowerCase();
  return {
    position: e.position,
    account_id: meta.accountId,
    ...positionParts(e.position),
    at: meta.at,
    user_id: meta.userId ?? null,
    user_name: meta.userName ?? null,
    role: meta.role ?? null,
    area: areaOf(aggregate),
    aggregate,
    record_id: id,
    collection: line?.def.name ?? entry.collection ?? null,
    line_id: entry.line_id ?? null,
    type: e.type,
    changes,
    search,
  };
}

export const auditTrail = defineProjection({
  name: 'audit_trail',
  tables: ['audit_trail'],
  handles: (e) => Boolean(e.meta?.accountId),
  async applyBatch(events, ctx) {
    await upsertRows(ctx.trx, ctx.table('audit_trail'), events.map(trailRow), { conflict: 'position', update: 'nothing' });
  },
});

export const auditProjections = [auditTrail];
