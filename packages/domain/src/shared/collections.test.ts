import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decideLine, defineCollection, evolveLines, linesOf, type LinesState } from './collections.ts';
import { meta } from './testing.ts';
import { text, decimal } from './fields.ts';
import { diff } from './changes.ts';

const tally = defineCollection({
  name: 'test_tally_lines',
  entity: 'TallyLine',
  aggregate: 'tally',
  parentField: 'tally',
  noun: 'Line',
  schema: z.object({ label: text(20), qty: decimal() }),
  defaults: { label: 'New' },
  stamps: { createdBy: 'created_by', createdDate: 'created_date' },
  computed: (l) => ({ double: Number(l.qty ?? 0) * 2 }),
  routes: { list: '/tallies/:parentId/lines/', item: '/tallies/lines/:id' },
  fields: [],
});

const fold = (lines: LinesState, events: { type: string; data: unknown }[]) => events.reduce((s, e) => evolveLines(s, e), lines);

describe('collection registry', () => {
  it('given a declaration, when a line is added, then defaults, stamps, parent and computed fields apply', () => {
    const events = decideLine({ type: 'AddLine', collection: tally.name, lineId: '5', values: { qty: '4' } }, {}, '1', meta(), 'tally');
    expect(events).toEqual([{ type: 'TallyLineAdded', data: { id: '5', line: { id: '5', tally: '1', label: 'New', qty: 4, created_by: 'Pat Office', created_date: meta().at } } }]);
    expect(linesOf(fold({}, events), tally.name)[0]).toMatchObject({ double: 8 });
  });

  it('given a line, when revised, then only changed fields travel; unchanged values make no event', () => {
    const lines = fold({}, decideLine({ type: 'AddLine', collection: tally.name, lineId: '5', values: { qty: 1 } }, {}, '1', meta(), 'tally'));
    expect(decideLine({ type: 'ReviseLine', collection: tally.name, lineId: '5', values: { qty: 1, label: 'New' } }, lines, '1', meta(), 'tally')).toEqual([]);
    const [e] = decideLine({ type: 'ReviseLine', collection: tally.name, lineId: '5', values: { qty: 3 } }, lines, '1', meta(), 'tally');
    expect(e).toEqual({ type: 'TallyLineRevised', data: { id: '5', changes: { qty: { old: 1, new: 3 } } } });
  });

  it('given a value too long for its field, then invalid names the field', () => {
    expect(() => decideLine({ type: 'AddLine', collection: tally.name, lineId: '6', values: { label: 'x'.repeat(21) } }, {}, '1', meta(), 'tally')).toThrow(/label/);
  });

  it('lists lines in the order their ids were handed out', () => {
    const lines = fold({}, [
      ...decideLine({ type: 'AddLine', collection: tally.name, lineId: '10', values: {} }, {}, '1', meta(), 'tally'),
      ...decideLine({ type: 'AddLine', collection: tally.name, lineId: '9', values: {} }, {}, '1', meta(), 'tally'),
    ]);
    expect(linesOf(lines, tally.name).map((l) => l.id)).toEqual(['9', '10']);
  });

  it('diffs only the keys sent, treating null and missing alike', () => {
    expect(diff({ a: 1, b: null }, { b: undefined, c: null })).toEqual({});
    expect(diff({ a: [1] }, { a: [1, 2] })).toEqual({ a: { old: [1], new: [1, 2] } });
  });
});
