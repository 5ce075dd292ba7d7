import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareIds, decideLine, defineCollection, evolveLines, linesOfCollection, parseLineValues, type CollectionDef, type LinesState } from './collections.ts';
import { defineNotes } from './standard-collections.ts';
import { meta, refusedWith } from './testing.ts';
import { text, decimal, ref } from './fields.ts';
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

const fold = (lines: LinesState, events: { type: string; data: unknown }[], own: CollectionDef[] = [tally]) => events.reduce((s, e) => evolveLines(s, e, undefined, own), lines);

describe('collection registry', () => {
  it('given a declaration, when a line is added, then defaults, stamps, parent and computed fields apply', () => {
    const events = decideLine({ type: 'AddLine', collection: tally.name, lineId: '5', values: { qty: '4' } }, {}, '1', meta(), [tally]);
    expect(events).toEqual([{ type: 'TallyLineAdded', data: { id: '5', line: { id: '5', tally: '1', label: 'New', qty: 4, created_by: 'Pat Office', created_date: meta().at } } }]);
    expect(linesOfCollection(fold({}, events), tally)[0]).toMatchObject({ double: 8 });
  });

  it('given a line, when revised, then only changed fields travel; unchanged values make no event', () => {
    const lines = fold({}, decideLine({ type: 'AddLine', collection: tally.name, lineId: '5', values: { qty: 1 } }, {}, '1', meta(), [tally]));
    expect(decideLine({ type: 'ReviseLine', collection: tally.name, lineId: '5', values: { qty: 1, label: 'New' } }, lines, '1', meta(), [tally])).toEqual([]);
    const [e] = decideLine({ type: 'ReviseLine', collection: tally.name, lineId: '5', values: { qty: 3 } }, lines, '1', meta(), [tally]);
    expect(e).toEqual({ type: 'TallyLineRevised', data: { id: '5', changes: { qty: { old: 1, new: 3 } } } });
  });

  it('given a value too long for its field, then invalid names the field', () => {
    expect(() => decideLine({ type: 'AddLine', collection: tally.name, lineId: '6', values: { label: 'x'.repeat(21) } }, {}, '1', meta(), [tally])).toThrow(/label/);
  });

  it('lists lines in the order their ids were handed out', () => {
    const lines = fold({}, [
      ...decideLine({ type: 'AddLine', collection: tally.name, lineId: '10', values: {} }, {}, '1', meta(), [tally]),
      ...decideLine({ type: 'AddLine', collection: tally.name, lineId: '9', values: {} }, {}, '1', meta(), [tally]),
    ]);
    expect(linesOfCollection(lines, tally).map((l) => l.id)).toEqual(['9', '10']);
  });

  it('given lines presented once, when one line is revised, then that line shows its new value, the other is the same presented object, and neither can be changed by a caller', () => {
    const add = (lineId: string, qty: number) => decideLine({ type: 'AddLine', collection: tally.name, lineId, values: { qty } }, {}, '1', meta(), [tally]);
    const before = fold({}, [...add('1', 1), ...add('2', 2)]);
    const [one, two] = linesOfCollection(before, tally);
    const after = fold(before, decideLine({ type: 'ReviseLine', collection: tally.name, lineId: '2', values: { qty: 5 } }, before, '1', meta(), [tally]));
    const shown = linesOfCollection(after, tally);
    expect(shown[0]).toBe(one);
    expect(shown[1]).toMatchObject({ qty: 5, double: 10 });
    expect(two).toMatchObject({ qty: 2, double: 4 });
    expect(() => ((shown[0] as Record<string, unknown>).qty = 9)).toThrow(TypeError);
    shown.reverse();
    expect(linesOfCollection(after, tally).map((l) => l.id)).toEqual(['1', '2']);
  });

  it('diffs only the keys sent, treating null and missing alike', () => {
    expect(diff({ a: 1, b: null }, { b: undefined, c: null })).toEqual({});
    expect(diff({ a: [1] }, { a: [1, 2] })).toEqual({ a: { old: [1], new: [1, 2] } });
  });

  it('given a client that names someone else as a note\'s created_by, when the note is added or revised, then the stamp is the signed-in user and never changes', () => {
    const notes = defineNotes({ name: 'test_tally_notes', entity: 'TallyNote', aggregate: 'tally', parentField: 'tally', routes: { list: '/tallies/:parentId/notes/', item: '/tallies/notes/:id' } });
    const decide = (command: { type: 'AddLine' | 'ReviseLine'; lineId: string; values: Record<string, unknown> }, lines: LinesState = {}) =>
      decideLine({ ...command, collection: notes.name, values: parseLineValues(notes, command.values, true) }, lines, '1', meta(), [notes]);
    const [added] = decide({ type: 'AddLine', lineId: '7', values: { note: 'Hi', created_by: 'The Boss', created_date: '1999-01-01' } });
    expect((added.data as { line: Record<string, unknown> }).line).toMatchObject({ note: 'Hi', created_by: 'Pat Office', created_date: meta().at });
    expect(decide({ type: 'ReviseLine', lineId: '7', values: { note: 'Hi', created_by: 'The Boss' } }, fold({}, [added], [notes]))).toEqual([]);
  });

  it('given a line whose fields the server sets, when a client revises them, then they are ignored and nothing is decided', () => {
    const assigned = defineCollection({ ...tally, name: 'test_tally_assignees', entity: 'TallyAssignee', schema: z.object({ user_id: text(20), note: text(20) }), setByServer: ['user_id'], routes: { list: '/a/:parentId/', item: '/a/:id' } });
    const lines = fold({}, decideLine({ type: 'AddLine', collection: assigned.name, lineId: '8', values: { user_id: '41' } }, {}, '1', meta(), [assigned]), [assigned]);
    expect(decideLine({ type: 'ReviseLine', collection: assigned.name, lineId: '8', values: { user_id: '99' } }, lines, '1', meta(), [assigned])).toEqual([]);
    const [e] = decideLine({ type: 'ReviseLine', collection: assigned.name, lineId: '8', values: { user_id: '99', note: 'hi' } }, lines, '1', meta(), [assigned]);
    expect(e.data).toEqual({ id: '8', changes: { note: { old: null, new: 'hi' } } });
  });

  it('given a stamp declared as an editable field, when the collection is declared, then it is refused', () => {
    expect(() =>
      defineCollection({ ...tally, name: 'test_stamped_twice', entity: 'Stamped', schema: z.object({ created_by: text(200) }), routes: { list: '/s/:parentId/', item: '/s/:id' } }),
    ).toThrow(/stamp created_by/);
  });
});

describe('references to a line of the same record', () => {
  const parts = defineCollection({
    name: 'test_tally_parts',
    entity: 'TallyPart',
    aggregate: 'tally',
    parentField: 'tally',
    noun: 'Part',
    schema: z.object({ label: text(20), line_ref: ref({ line: tally.name }) }),
    routes: { list: '/tallies/:parentId/parts/', item: '/tallies/parts/:id' },
    fields: [],
  });
  const withLine = fold({}, decideLine({ type: 'AddLine', collection: tally.name, lineId: '5', values: {} }, {}, '1', meta(), [tally, parts]));
  const add = (lines: LinesState, values: Record<string, unknown>, lineId = '20') => decideLine({ type: 'AddLine', collection: parts.name, lineId, values }, lines, '1', meta(), [tally, parts]);

  it('given a line of the record, when a part names it, then it is added', () => {
    expect(add(withLine, { line_ref: '5' })).toHaveLength(1);
    expect(add(withLine, { line_ref: '' })).toHaveLength(1);
  });

  it('given an id that is no line of this record, when a part names it, then a 400 names the field and nothing is decided', () => {
    const e = refusedWith(() => add(withLine, { line_ref: '999' }));
    expect(e).toMatchObject({ code: 'invalid', fields: { line_ref: 'no such line in this record' } });
  });

  it('given a part whose line was removed since, when the part is sent back whole, then it saves; when pointed at another missing line, then it is refused', () => {
    const lines = fold(withLine, [...add(withLine, { line_ref: '5' }), ...decideLine({ type: 'RemoveLine', collection: tally.name, lineId: '5' }, withLine, '1', meta(), [tally, parts])], [tally, parts]);
    const revise = (values: Record<string, unknown>) => decideLine({ type: 'ReviseLine', collection: parts.name, lineId: '20', values }, lines, '1', meta(), [tally, parts]);
    expect(revise({ line_ref: '5', label: 'kept' })).toHaveLength(1);
    expect(refusedWith(() => revise({ line_ref: '6' })).fields).toEqual({ line_ref: 'no such line in this record' });
  });
});

describe('line order', () => {
  it('given ids of different lengths, when compared, then they sort by number (9 before 10, 99 before 100) without BigInt', () => {
    const ids = ['100', '9', '11', '10', '99', '900000000000000001', '900000000000000000'];
    expect([...ids].sort(compareIds)).toEqual(['9', '10', '11', '99', '100', '900000000000000000', '900000000000000001']);
    expect([...ids].sort(compareIds)).toEqual([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)));
  });
});
