/**
 * A record with no rules of its own, declared whole: its fields (with their bounds), the defaults of a
 * new one, its lines, its number and its list. The declaration gives the aggregate (decider, view, list
 * row), with commands and events named after the entity (CreateWidget, ReviseWidget, DeleteWidget;
 * WidgetCreated ...). An area with rules of its own writes its decider with `recordDecider` instead.
 */
import type { z } from 'zod';
import { sameRow, type AggregateDef } from './aggregates.ts';
import type { CollectionDef } from './collections.ts';
import type { DomainEvent } from './decider.ts';
import { givenValues, recordDecider, recordNames, type RecordState } from './record-decider.ts';

export interface RecordSpec {
  name: string;
  /** What users call one ('Widget not found'). */
  label: string;
  /** The name its commands and events are made of ('Widget'). */
  entity: string;
  fields: z.ZodObject<z.ZodRawShape>;
  /** A new record's values before the given ones. */
  defaults?: Record<string, unknown>;
  collections?: readonly CollectionDef[];
  number?: { counter: string; field: string };
  list?: string;
  /** Its files collection that keeps one PDF bundle. */
  oneBundleIn?: string;
}

export function defineRecord(spec: RecordSpec): AggregateDef<RecordState> {
  const { entity } = spec;
  const numbered = spec.number?.field;
  const shown = [...Object.keys(spec.fields.shape), ...(numbered ? [numbered] : [])];
  return {
    name: spec.name,
    label: spec.label,
    list: spec.list,
    number: spec.number,
    fields: spec.fields,
    decider: recordDecider<RecordState, { type: string }, DomainEvent>({
      aggregate: spec.name,
      label: spec.label,
      collections: spec.collections ?? [],
      ...recordNames(entity),
      // The number is the command's (the API's counter handed it out), never the client's.
      created: (values, command) => ({ ...spec.fields.parse({ ...spec.defaults, ...givenValues(values) }), ...(numbered ? { [numbered]: (command as Record<string, unknown>)[numbered] } : {}) }),
      oneBundleIn: spec.oneBundleIn,
    }),
    view: (s) => ({ id: s.id!, ...Object.fromEntries(shown.map((k) => [k, (s.fields as Record<string, unknown>)[k] ?? null])), created_at: s.created_at, last_updated: s.last_updated }),
    listRow: sameRow,
  };
}
