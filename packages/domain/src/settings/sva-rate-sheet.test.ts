import { describe, expect, it } from 'vitest';
import { SvaImportRefused, svaRateSheetDecider, type SvaRateSheetState } from './sva-rate-sheet.ts';
import type { SvaRateSheetEvent } from './events.ts';
import type { SvaRateSheetCommand } from './commands.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { DomainError } from '../shared/decider.ts';
import { linesOfCollection } from '../shared/collections.ts';
import { svaCodes } from './collections.ts';
import { svaRateSheetView } from './view.ts';

const HEADER = ['code', 'description', 'uom', 'rate', 'provisions'];
const opened: SvaRateSheetEvent = { type: 'SvaRateSheetOpened', data: { id: '70' } };
const code = (id: string, values: Record<string, unknown>): SvaRateSheetEvent => ({
  type: 'SvaCodeAdded',
  data: { id, line: { id, rate_sheet: '70', uom: null, provisions: null, ...values } },
});
const bore = code('71', { code: 'BORE-1', description: 'Bore 1 inch', uom: 'ft', rate: 12.5 });
const splice = code('72', { code: 'SPL-2', description: 'Splice', uom: 'ea', rate: 40 });

const importing = (records: string[][], lineIds = ['80', '81', '82'], header = HEADER): SvaRateSheetCommand => ({ type: 'ImportSvaCodes', header, records, fileName: 'rates.csv', lineIds });


describe('SVA rate sheet decider', () => {
  it('given no sheet, when it is opened, then SvaRateSheetOpened; opening it again changes nothing', () => {
    expect(given(svaRateSheetDecider, []).when({ type: 'OpenRecord', id: '70' })).toEqual([{ type: 'SvaRateSheetOpened', data: { id: '70' } }]);
    expect(given(svaRateSheetDecider, [opened]).when({ type: 'OpenRecord', id: '99' })).toEqual([]);
  });

  it('given no sheet, when codes are imported or added, then not_found', () => {
    expect(() => given(svaRateSheetDecider, []).when(importing([['A', 'B', '', '1', '']]))).toThrow(/not found/);
    expect(() => given(svaRateSheetDecider, []).when({ type: 'AddLine', collection: 'sva_codes', lineId: '1', values: { code: 'A' } })).toThrow(/not found/);
  });

  it('given a sheet with codes, when a file adds one and changes one, then ONE SvaCodesImported event holds the added lines and the revisions', () => {
    const { events, state } = given(svaRateSheetDecider, [opened, bore, splice]).then(
      importing([
        ['NEW-1', 'New code', 'ft', '5', ''],
        ['BORE-1', 'Bore 1 inch', 'ft', '13.75', ''],
        ['SPL-2', 'Splice', 'ea', '40', ''],
      ]),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      type: 'SvaCodesImported',
      data: {
        file_name: 'rates.csv',
        added: [{ id: '80', rate_sheet: '70', code: 'NEW-1', description: 'New code', uom: 'ft', rate: 5, provisions: null }],
        revised: [{ id: '71', changes: { rate: { old: 12.5, new: 13.75 } } }],
        unchanged: 1,
      },
    });
    expect(linesOfCollection(state.lines, svaCodes).map((l) => [l.id, l.code, l.rate])).toEqual([
      ['71', 'BORE-1', 13.75],
      ['72', 'SPL-2', 40],
      ['80', 'NEW-1', 5],
    ]);
    expect(state.last_import).toEqual({ at: meta().at, by: 'Pat Office', file_name: 'rates.csv', added: 1, updated: 1, unchanged: 1 });
    expect(svaRateSheetView(state)).toMatchObject({ id: '70', code_count: 3, last_import: { added: 1, updated: 1 } });
  });

  it('given a sheet, when a file has one bad row among good ones, then SvaImportRefused with the plan, naming the line, and no event', () => {
    const g = given(svaRateSheetDecider, [opened, bore]);
    const e = refusedWith(() => g.when(importing([['OK-1', 'Fine', 'ea', '1', ''], ['BAD-1', 'Broken', 'ea', 'ten', '']])));
    expect(e).toBeInstanceOf(SvaImportRefused);
    expect(e.code).toBe('invalid');
    expect(e.message).toMatch(/Nothing imported: 1 problem \(line 3: rate/);
    expect(e.fields).toHaveProperty('file');
    const plan = (e as SvaImportRefused).plan;
    expect(plan.ok).toBe(false);
    expect(plan.counts).toEqual({ add: 1, update: 0, unchanged: 0, error: 1 });
    expect(plan.rows[1]).toMatchObject({ line: 3, code: 'BAD-1', action: 'error' });
  });

  it('given a sheet, when a file misses a required column, then SvaImportRefused naming the file problem', () => {
    const e = refusedWith(() => given(svaRateSheetDecider, [opened]).when(importing([['A', '1']], ['80'], ['code', 'rate'])));
    expect(e).toBeInstanceOf(SvaImportRefused);
    expect(e.message).toMatch(/Missing column: description/);
  });

  it('given a sheet, when an empty file is imported, then SvaImportRefused', () => {
    expect(() => given(svaRateSheetDecider, [opened]).when(importing([]))).toThrow(SvaImportRefused);
  });

  it('given a sheet, when the same file is imported again, then no event (every row unchanged)', () => {
    expect(given(svaRateSheetDecider, [opened, bore]).when(importing([['BORE-1', 'Bore 1 inch', 'ft', '12.50', '']]))).toEqual([]);
  });

  it('given a sheet, when a file adds more codes than ids were handed out, then conflict (the API retries)', () => {
    const e = refusedWith(() => given(svaRateSheetDecider, [opened]).when(importing([['A', 'a', '', '1', ''], ['B', 'b', '', '2', '']], ['80'])));
    expect(e.code).toBe('conflict');
  });

  it('given an imported sheet, when its codes are folded again, then each revision applies to its code only', () => {
    const g = given(svaRateSheetDecider, [opened, bore, splice]);
    const first = g.then(importing([['SPL-2', 'Splice fusion', 'ea', '45', 'Per splice']]));
    const spl = linesOfCollection(first.state.lines, svaCodes).find((l) => l.id === '72');
    expect(spl).toMatchObject({ description: 'Splice fusion', rate: 45, provisions: 'Per splice' });
    expect(linesOfCollection(first.state.lines, svaCodes).find((l) => l.id === '71')).toMatchObject({ rate: 12.5 });
  });

  it('given a code BORE-1, when another line is added as " bore-1 ", then already_exists naming code', () => {
    const e = refusedWith(() => given(svaRateSheetDecider, [opened, bore]).when({ type: 'AddLine', collection: 'sva_codes', lineId: '90', values: { code: ' bore-1 ', description: 'x' } }));
    expect(e.code).toBe('already_exists');
    expect(e.fields).toEqual({ code: 'already exists' });
  });

  it('given two codes, when one is revised to the other\'s code, then already_exists naming code', () => {
    const e = refusedWith(() => given(svaRateSheetDecider, [opened, bore, splice]).when({ type: 'ReviseLine', collection: 'sva_codes', lineId: '72', values: { code: 'Bore-1' } }));
    expect(e.code).toBe('already_exists');
    expect(e.fields).toHaveProperty('code');
  });

  it('given a code, when it is revised keeping its own code in another case, then SvaCodeRevised', () => {
    const [e] = given(svaRateSheetDecider, [opened, bore]).when({ type: 'ReviseLine', collection: 'sva_codes', lineId: '71', values: { code: 'bore-1', rate: '14' } });
    expect(e).toEqual({ type: 'SvaCodeRevised', data: { id: '71', changes: { code: { old: 'BORE-1', new: 'bore-1' }, rate: { old: 12.5, new: 14 } } } });
  });

  it('given a sheet, when a line is added with a blank code or a negative rate, then invalid naming that field', () => {
    const g = given(svaRateSheetDecider, [opened]);
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'sva_codes', lineId: '90', values: { code: '  ' } })).fields).toHaveProperty('code');
    expect(refusedWith(() => g.when({ type: 'AddLine', collection: 'sva_codes', lineId: '90', values: { code: 'X', rate: -1 } })).fields).toHaveProperty('rate');
  });

  it('given a sheet, when a line is added with no code at all, then invalid naming code (an SVA code needs its code)', () => {
    const e = refusedWith(() => given(svaRateSheetDecider, [opened]).when({ type: 'AddLine', collection: 'sva_codes', lineId: '90', values: { description: 'No code', rate: 3 } }));
    expect(e.code).toBe('invalid');
    expect(e.fields).toHaveProperty('code');
  });

  it('given a code, when it is removed, then its code is free for a new line', () => {
    const removed = given(svaRateSheetDecider, [opened, bore]).then({ type: 'RemoveLine', collection: 'sva_codes', lineId: '71' });
    expect(removed.events).toEqual([{ type: 'SvaCodeRemoved', data: { id: '71' } }]);
    const again = svaRateSheetDecider.decide({ type: 'AddLine', collection: 'sva_codes', lineId: '91', values: { code: 'BORE-1' } }, removed.state, meta());
    expect(again.map((e) => e.type)).toEqual(['SvaCodeAdded']);
  });

  it('given a code "AB 1", when a file names "ab  1", then the sheet still holds one code, whose code can still be edited', () => {
    const g = given(svaRateSheetDecider, [opened, code('73', { code: 'AB 1', description: 'x', rate: 1 })]);
    const { state } = g.then(importing([['ab  1', 'x', '', '1', '']]));
    const codes = linesOfCollection(state.lines, svaCodes);
    expect(codes).toHaveLength(1);
    expect(() => svaRateSheetDecider.decide({ type: 'ReviseLine', collection: 'sva_codes', lineId: codes[0].id, values: { code: 'AB 1', rate: 2 } }, state, meta())).not.toThrow();
  });

  it('given a sheet, when a line of another record\'s collection is added, then it is refused', () => {
    expect(() => given(svaRateSheetDecider, [opened]).when({ type: 'AddLine', collection: 'account_files', lineId: '1', values: {} })).toThrow(DomainError);
  });

  it('given nothing, when the sheet state starts, then it has no codes and no import', () => {
    const s: SvaRateSheetState = svaRateSheetDecider.initialState;
    expect(s).toMatchObject({ id: null, last_import: null, lines: {} });
  });
});
