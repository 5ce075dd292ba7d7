/**
 * Settings read models: a list per catalog (from the catalog declarations), the account's one-of
 * records (settings, SVA rate sheet, counters) with live changes on the 'settings' list, and the log
 * of user app activities.
 */
import { aggregateDef, aggregates, catalogRecords, type AggregateDef, type EventMeta } from '@trenchline/domain';
import { parseStreamName, type RecordedEvent } from '@trenchline/event-store';
import { recordListProjection } from '../shared/record-list.ts';
import { defineProjection } from '../shared/projection.ts';
import { upsertRows } from '../shared/upsert.ts';
import { whereAny } from '@trenchline/platform';

export const catalogLists = catalogRecords().map((c) =>
  recordListProjection({
    aggregate: c.aggregate,
    table: c.list,
    columns: (v) => ({ name: v[c.nameField] ?? null, active: v.active !== false }),
    search: (v) => c.search.map((k) => v[k]),
  }),
);

const singletons = Object.values(aggregates as Record<string, AggregateDef>).filter((a) => a.singleton).map((a) => a.name);
const singletonOf = (stream: string) => {
  const { aggregate } = parseStreamName(stream);
  return singletons.includes(aggregate) ? aggregate : null;
};

/** The account's one-of records as shown, published on the 'settings' list so open screens refresh. */
export const settingsRecords = defineProjection({
  name: 'settings_records',
  tables: ['settings_records'],
  handles: (e) => singletonOf(e.streamId) !== null,
  async applyBatch(events, ctx) {
    const byStream = new Map<string, RecordedEvent[]>();
    for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
    const table = ctx.table('settings_records');
    const ids = [...byStream.keys()].map((s) => parseStreamName(s).id);
    const current = new Map((await whereAny(ctx.trx(table), 'id', ids).select('id', 'state', 'version')).map((r) => [String(r.id), r]));
    const out: Record<string, unknown>[] = [];
    for (const [stream, evs] of byStream) {
      const { aggregate, id } = parseStreamName(stream);
      const def = aggregateDef(aggregate);
      const row = current.get(id);
      const fresh = evs.filter((e) => !row || e.version > row.version);
      if (!fresh.length) continue;
      let state = row?.state ?? def.decider.initialState;
      for (const e of fresh) state = def.decider.evolve(state, e as never, { ...(e.meta as EventMeta), version: e.version });
      if (!state.id) continue;
      const last = fresh[fresh.length - 1];
      const view = def.view(state, ctx.today);
      out.push({ account_id: last.meta.accountId, id, aggregate, version: last.version, position: last.position, state, view, updated_at: last.meta.at });
      ctx.publish({ accountId: last.meta.accountId, list: 'settings', op: 'upsert', id, row: { ...view, aggregate, version: last.version }, position: last.position, stream, version: last.version });
    }
    await upsertRows(ctx.trx, table, out);
  },
});

/** What users did in apps; an activity is one event, inserted once. */
export const userAppActivities = defineProjection({
  name: 'user_app_activities',
  tables: ['user_app_activities'],
  handles: (e) => e.type === 'UserAppActivityRecorded',
  async applyBatch(events, ctx) {
    const rows = events.map((e) => {
      const d = e.data as { id: string; user_id: string };
      return { account_id: e.meta.accountId, id: d.id, user_id: d.user_id, at: e.meta.at, position: e.position, activity: { ...d, at: e.meta.at } };
    });
    await upsertRows(ctx.trx, ctx.table('user_app_activities'), rows, { update: 'nothing' });
    for (const e of events) {
      const d = e.data as { id: string };
      ctx.publish({ accountId: e.meta.accountId, list: 'user_app_activities', op: 'upsert', id: d.id, row: { ...(e.data as object), at: e.meta.at }, position: e.position });
    }
  },
});

export const settingsProjections = [...catalogLists, settingsRecords, userAppActivities];
