import { describe, expect, it } from 'vitest';
import { addedMessage, cibePicks, linesToSave, productionFieldsOf, typedLine } from './productionLogic';

const names = (line: Record<string, unknown>) => productionFieldsOf({ id: '1', ...line }).map((f) => `${f.name}:${f.label}`);

describe('the fields a production line shows follow its work type', () => {
  it('given a footage type (Dirt-Bore), then from, to and feet', () => {
    expect(names({ work_type: 'Dirt-Bore' })).toEqual(['from_location:From', 'to_location:To', 'feet:Feet']);
  });

  it('given Handhole or Splice, then a location and a qty', () => {
    expect(names({ work_type: 'Handhole' })).toEqual(['from_location:Location', 'qty:Qty']);
    expect(names({ work_type: 'Splice' })).toEqual(['from_location:Location', 'qty:Qty']);
  });

  it('given Other, then a qty only; given an unknown type, then the footage form', () => {
    expect(names({ work_type: 'Other' })).toEqual(['qty:Qty']);
    expect(names({ work_type: 'Vacuum excavation' })).toEqual(['from_location:From', 'to_location:To', 'feet:Feet']);
  });

  it('given no work type yet, then every measure', () => {
    expect(names({ work_type: null })).toEqual(['from_location:From', 'to_location:To', 'feet:Feet', 'qty:Qty']);
  });
});

describe('what adding production lines sends and says', () => {
  const cibe = [
    { id: '7', line_number: 1, work_type: 'Dirt-Bore' },
    { id: '8', line_number: 2 },
    { id: '9', line_number: 3, work_type: 'Handhole' },
  ];

  it('given CIBE lines 9 and 7 picked, then one line per pick in table order, naming its CIBE line', () => {
    expect(cibePicks(cibe, new Set(['9', '7']))).toEqual([
      { job_orca_cibe: '7', work_type: 'Dirt-Bore' },
      { job_orca_cibe: '9', work_type: 'Handhole' },
    ]);
  });

  it('given a typed line at number 2, then it is sent at 2; a number that is not whole from 1 is refused', () => {
    expect(typedLine('Splice', '2')).toEqual({ work_type: 'Splice', line_number: 2 });
    expect(typedLine(' ', '')).toEqual({ work_type: null });
    expect(typedLine('Splice', '0')).toEqual({ error: 'The line number must be a whole number from 1' });
    expect(typedLine('Splice', '1.5')).toHaveProperty('error');
  });

  it('given the answer of an insert, then it says Line {n} inserted; else how many were added', () => {
    expect(addedMessage({ id: '1', line_number: 2, line_inserted: true })).toBe('Line 2 inserted');
    expect(addedMessage({ id: '1', line_number: 4, line_inserted: false })).toBe('Production line added.');
    expect(addedMessage({ ticket_productions: [{ id: '1' }, { id: '2' }] })).toBe('2 production lines added.');
  });
});

describe("the production lines the ticket's Save sends with it", () => {
  it('given line 2 edited and line 1 only shown, then line 2 alone goes, with its version and the changed fields only', () => {
    const rows = [
      { id: '1', version: 4, feet: 120 },
      { id: '2', version: 6, feet: 10, qty: null },
    ];
    const changed = (r: { id: string }) => (r.id === '2' ? { feet: 15 } : {});
    expect(linesToSave(rows, changed)).toEqual([{ id: '2', version: 6, feet: 15 }]);
  });

  it('given a line edited from version 4 and changed by someone else since (now version 6), then it is sent from version 4, so a clash is a conflict', () => {
    const rows = [{ id: '2', version: 6, feet: 12 }];
    expect(linesToSave(rows, () => ({ feet: 15 }), (id) => (id === '2' ? 4 : undefined))).toEqual([{ id: '2', version: 4, feet: 15 }]);
  });

  it('given no edits, then no lines', () => {
    expect(linesToSave([{ id: '1' }], () => ({}))).toEqual([]);
  });
});
