import { describe, expect, it } from 'vitest';
import {
  catalogItem,
  checkCurrentNumber,
  checkSubscriptionQuantity,
  DOCUMENT_KINDS,
  documentKind,
  firstNameOf,
  FORM_TYPE_NAVS,
  FORM_TYPES,
  formTypesFor,
  how2sFor,
  HOW2_SECTIONS,
  lastNameOf,
  MAX_DOCUMENT_NUMBER,
  MAX_SUBSCRIPTION_QUANTITY,
  MAX_SVA_IMPORT_ROWS,
  monthlyTotal,
  nextNumber,
  parseRate,
  planSvaImport,
  suggestedNumber,
  SUBSCRIPTION_CATALOG,
} from './rules.ts';
import { DomainError } from '../shared/decider.ts';

/** The DomainError a rule throws (fails the test when it throws nothing). */
function refusal(f: () => unknown): DomainError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  }
  throw new Error('expected the rule to refuse');
}

const HEADER = ['code', 'description', 'uom', 'rate', 'provisions'];
const existing = [
  { id: '100', code: 'BORE-1', description: 'Bore 1 inch', uom: 'ft', rate: 12.5, provisions: null },
  { id: '101', code: 'SPL-2', description: 'Splice', uom: 'ea', rate: 40, provisions: 'Per splice' },
];

describe('document numbers', () => {
  it('given a counter, when a number above the highest issued is set, then it is accepted as is', () => {
    expect(checkCurrentNumber(500, 12)).toBe(500);
  });

  it('given a counter, when it is set to exactly the highest number handed out, then it is accepted (the next one is new)', () => {
    expect(checkCurrentNumber(12, 12)).toBe(12);
    expect(nextNumber(checkCurrentNumber(12, 12))).toBe(13);
  });

  it('given a counter that handed out 12, when it is set below 12, then invalid naming number and saying why', () => {
    const e = refusal(() => checkCurrentNumber(11, 12));
    expect(e.code).toBe('invalid');
    expect(e.fields).toHaveProperty('number');
    expect(e.fields.number).toMatch(/12/);
    expect(e.message).toMatch(/below 12/);
  });

  it('given a fresh counter, when it is set to 0, then it is accepted', () => {
    expect(checkCurrentNumber(0, 0)).toBe(0);
  });

  it.each([[1.5], [-1], ['5'], [null], [undefined], [NaN], [Infinity], [MAX_DOCUMENT_NUMBER + 1], [{}]])(
    'given a counter, when it is set to %j, then invalid naming number',
    (n) => {
      const e = refusal(() => checkCurrentNumber(n, 0));
      expect(e.code).toBe('invalid');
      expect(Object.keys(e.fields)).toEqual(['number']);
    },
  );

  it('given a current number, when the screen suggests the new value, then it is current plus one', () => {
    expect(suggestedNumber(0)).toBe(1);
    expect(suggestedNumber(41)).toBe(42);
    expect(nextNumber(41)).toBe(42);
  });

  it('given the six kinds of spec 3, when listed, then work orders keep the job/work_order path', () => {
    expect(DOCUMENT_KINDS.map((k) => k.path)).toEqual(['invoice', 'ticket', 'order', 'job', 'job/work_order', 'rfq']);
    expect(documentKind('work_order')).toMatchObject({ path: 'job/work_order', label: 'Work order' });
    expect(documentKind('nope')).toBeUndefined();
  });
});

describe('form types', () => {
  it.each(FORM_TYPE_NAVS.map((n) => [n]))('given nav %s, when form types are asked for, then only that screen\'s, with name, ux_name and form_title', (nav) => {
    const list = formTypesFor(nav);
    expect(list.length).toBeGreaterThan(0);
    for (const f of list) {
      expect(f.nav).toBe(nav);
      expect(f).toEqual({ id: expect.any(Number), nav, name: expect.any(String), ux_name: expect.any(String), form_title: expect.any(String) });
    }
  });

  it('given nav job, when form types are asked for, then the job form types of spec 2 (attorca, attfiber, base)', () => {
    expect(formTypesFor('job').map((f) => f.name)).toEqual(['attorca', 'attfiber', 'base']);
  });

  it('given no nav, when form types are asked for, then every one, and a copy the caller may change', () => {
    const all = formTypesFor();
    expect(all).toEqual([...FORM_TYPES]);
    all.pop();
    expect(formTypesFor()).toHaveLength(FORM_TYPES.length);
    expect(new Set(FORM_TYPES.map((f) => f.id)).size).toBe(FORM_TYPES.length);
  });
});

describe('how-to tips', () => {
  it('given the pages, when their tips are asked for, then each tip is on exactly one page and ids are distinct', () => {
    const pages = ['detail', 'dashboard', 'settings'] as const;
    expect(pages.flatMap((p) => how2sFor(p)).map((s) => s.id).sort((a, b) => a - b)).toEqual(HOW2_SECTIONS.map((s) => s.id).sort((a, b) => a - b));
    expect(how2sFor('detail').every((s) => s.page === 'detail')).toBe(true);
  });
});

describe('user names', () => {
  it.each([
    ['Pat Office', 'Pat', 'Office'],
    ['  Mary Ann   Smith ', 'Mary Ann', 'Smith'],
    ['Cher', '', 'Cher'],
    ['', '', ''],
  ])('given the display name %j, when split, then first name %j and last name %j', (display, first, last) => {
    expect(firstNameOf(display)).toBe(first);
    expect(lastNameOf(display)).toBe(last);
  });
});

describe('subscriptions', () => {
  it('given the catalogue, when an item is looked up by id, then it is found; an unknown id is undefined', () => {
    expect(catalogItem('1')).toMatchObject({ code: 'office', unit: 'user' });
    expect(catalogItem('99')).toBeUndefined();
  });

  it('given a per-user item, when quantities are checked, then 0 to the maximum are whole numbers accepted', () => {
    const office = catalogItem('1')!;
    expect(checkSubscriptionQuantity(office, 0)).toBe(0);
    expect(checkSubscriptionQuantity(office, 25)).toBe(25);
    expect(checkSubscriptionQuantity(office, MAX_SUBSCRIPTION_QUANTITY)).toBe(MAX_SUBSCRIPTION_QUANTITY);
  });

  it.each([[-1], [1.5], ['3'], [null], [MAX_SUBSCRIPTION_QUANTITY + 1]])('given a per-user item, when the quantity is %j, then invalid naming quantity', (q) => {
    const e = refusal(() => checkSubscriptionQuantity(catalogItem('1')!, q));
    expect(e.code).toBe('invalid');
    expect(Object.keys(e.fields)).toEqual(['quantity']);
  });

  it('given an account-wide item, when the quantity is 0 or 1, then accepted; 2 is invalid naming quantity', () => {
    const orca = catalogItem('3')!;
    expect(orca.unit).toBe('account');
    expect(checkSubscriptionQuantity(orca, 0)).toBe(0);
    expect(checkSubscriptionQuantity(orca, 1)).toBe(1);
    const e = refusal(() => checkSubscriptionQuantity(orca, 2));
    expect(e.fields.quantity).toMatch(/0 to 1/);
  });

  it('given quantities, when the monthly total is computed, then it is quantity times price summed to the cent', () => {
    expect(monthlyTotal({})).toBe(0);
    // 3 office users at 49, 2 field users at 19, ORCA at 99, unknown items ignored.
    expect(monthlyTotal({ '1': 3, '2': 2, '3': 1, '99': 5 })).toBe(3 * 49 + 2 * 19 + 99);
    const all = Object.fromEntries(SUBSCRIPTION_CATALOG.map((i) => [i.id, 1]));
    expect(monthlyTotal(all)).toBe(SUBSCRIPTION_CATALOG.reduce((s, i) => s + i.price, 0));
  });
});

describe('SVA rates', () => {
  it.each([
    ['12', 12],
    ['12.50', 12.5],
    ['$1,234.50', 1234.5],
    [' 7 ', 7],
    ['0', 0],
    ['0.12345', 0.1235],
    ['-3', null],
    ['abc', null],
    ['', null],
    ['1.2.3', null],
    ['1e3', null],
  ])('given the rate text %j, when parsed, then %s', (raw, rate) => {
    expect(parseRate(raw)).toBe(rate);
  });
});

describe('SVA import plan', () => {
  it('given a header in another order, case and spacing, when planned, then each column is found by name', () => {
    const plan = planSvaImport([], [' RATE ', 'Description', 'CODE', 'U O M', 'Provisions '], [['3.25', 'Trench 12 in', 'TR-12', 'ft', 'Restore sod']]);
    expect(plan.ok).toBe(true);
    expect(plan.rows[0]).toMatchObject({ line: 2, code: 'TR-12', action: 'add', values: { code: 'TR-12', description: 'Trench 12 in', uom: 'ft', rate: 3.25, provisions: 'Restore sod' } });
  });

  it('given a header without uom and provisions, when planned, then they are optional and left out of the values', () => {
    const plan = planSvaImport([], ['code', 'description', 'rate'], [['A-1', 'Pothole', '80']]);
    expect(plan.ok).toBe(true);
    expect(plan.rows[0].values).toEqual({ code: 'A-1', description: 'Pothole', rate: 80 });
  });

  it('given a NUL byte in a description, when planned, then that row is refused naming description and nothing is imported', () => {
    const plan = planSvaImport([], ['code', 'description', 'rate'], [['A-1', 'Pot\u0000hole', '80'], ['A-2', 'Fine', '5']]);
    expect(plan.ok).toBe(false);
    expect(plan.rows[0]).toMatchObject({ action: 'error', errors: { description: expect.stringContaining('NUL') } });
    expect(plan.rows[1].action).toBe('add');
  });

  it('given a header missing code and rate, when planned, then a file error names both and no rows are planned', () => {
    const plan = planSvaImport([], ['description', 'uom'], [['x', 'ft']]);
    expect(plan.ok).toBe(false);
    expect(plan.fileErrors).toHaveLength(1);
    expect(plan.fileErrors[0]).toMatch(/Missing columns: code, rate/);
    expect(plan.rows).toEqual([]);
  });

  it('given a header missing only description, when planned, then the file error names description', () => {
    const plan = planSvaImport([], ['code', 'rate'], [['A', '1']]);
    expect(plan.fileErrors[0]).toMatch(/Missing column: description/);
    expect(plan.ok).toBe(false);
  });

  it('given a file with a header and no rows, when planned, then a file error and not ok', () => {
    const plan = planSvaImport([], HEADER, []);
    expect(plan.ok).toBe(false);
    expect(plan.fileErrors).toEqual(['The file has no rows under its header']);
    expect(planSvaImport([], HEADER, [['', '', '', '', ''], ['  ']]).fileErrors).toEqual(['The file has no rows under its header']);
  });

  it('given blank lines among the rows, when planned, then they are ignored and line numbers stay those of the file', () => {
    const plan = planSvaImport([], HEADER, [['A', 'One', 'ea', '1', ''], ['', '', '', '', ''], ['B', 'Two', 'ea', 'x', '']]);
    expect(plan.rows.map((r) => [r.line, r.code, r.action])).toEqual([
      [2, 'A', 'add'],
      [4, 'B', 'error'],
    ]);
    expect(plan.counts).toEqual({ add: 1, update: 0, unchanged: 0, error: 1 });
  });

  it('given a code twice in the file, when planned, then the second is an error naming the line of the first', () => {
    const plan = planSvaImport([], HEADER, [['DUP', 'One', 'ea', '1', ''], ['OK', 'Other', 'ea', '2', ''], ['dup', 'Two', 'ea', '3', '']]);
    expect(plan.ok).toBe(false);
    expect(plan.rows[0].action).toBe('add');
    expect(plan.rows[2]).toMatchObject({ line: 4, action: 'error' });
    expect(plan.rows[2].errors.code).toMatch(/appears twice in the file \(also line 2\)/);
  });

  it.each([
    ['abc', /"abc" is not an amount/],
    ['-5', /is not an amount/],
    ['', /is required/],
  ])('given the rate %j, when planned, then the row is an error naming rate', (rate, why) => {
    const plan = planSvaImport([], HEADER, [['R-1', 'Desc', 'ea', rate, '']]);
    expect(plan.ok).toBe(false);
    expect(plan.rows[0].action).toBe('error');
    expect(plan.rows[0].errors.rate).toMatch(why);
  });

  it('given a missing code or description, when planned, then the row is an error naming each', () => {
    const plan = planSvaImport([], HEADER, [['', '', 'ea', '1', '']]);
    expect(plan.rows[0].errors).toMatchObject({ code: 'is required', description: 'is required' });
  });

  it('given values too long for their columns, when planned, then each is named', () => {
    const plan = planSvaImport([], HEADER, [['C'.repeat(51), 'D'.repeat(501), 'U'.repeat(21), '1', 'P'.repeat(2001)]]);
    expect(Object.keys(plan.rows[0].errors).sort()).toEqual(['code', 'description', 'provisions', 'uom']);
  });

  it('given a quoted rate "$1,234.50" (one cell), when planned, then it is 1234.5', () => {
    const plan = planSvaImport([], HEADER, [['Q-1', 'Quoted', 'ea', '$1,234.50', '']]);
    expect(plan.ok).toBe(true);
    expect(plan.rows[0].values.rate).toBe(1234.5);
  });

  it('given an unquoted $1,200.00 that split into an extra cell, when planned, then the row is an error, not a guess', () => {
    const plan = planSvaImport([], HEADER, [['U-1', 'Unquoted', 'ea', '$1', '200.00', '']]);
    expect(plan.ok).toBe(false);
    expect(plan.rows[0].action).toBe('error');
    expect(plan.rows[0].errors.row).toMatch(/6 cells but the header has 5.*double quotes/);
  });

  it('given existing codes, when a file adds one, changes one and repeats one, then add, update (with changes and id) and unchanged', () => {
    const plan = planSvaImport(existing, HEADER, [
      ['NEW-1', 'New code', 'ft', '5', ''],
      ['bore-1', 'Bore 1 inch', 'ft', '13.75', ''],
      ['SPL-2', 'Splice', 'ea', '$40.00', 'Per splice'],
    ]);
    expect(plan.ok).toBe(true);
    expect(plan.counts).toEqual({ add: 1, update: 1, unchanged: 1, error: 0 });
    expect(plan.rows[0]).toMatchObject({ action: 'add', code: 'NEW-1' });
    expect(plan.rows[0].id).toBeUndefined();
    expect(plan.rows[1]).toMatchObject({ action: 'update', id: '100' });
    expect(plan.rows[1].changes).toEqual({ code: { old: 'BORE-1', new: 'bore-1' }, rate: { old: 12.5, new: 13.75 } });
    expect(plan.rows[2]).toMatchObject({ action: 'unchanged', id: '101', changes: {} });
  });

  it('given an existing code with uom and provisions, when a file without those optional columns repeats it, then it is unchanged (absent columns are not blanked)', () => {
    const plan = planSvaImport(existing, ['code', 'description', 'rate'], [['SPL-2', 'Splice', '40']]);
    expect(plan.rows[0]).toMatchObject({ action: 'unchanged', id: '101' });
    expect(plan.rows[0].changes).toEqual({});
  });

  it('given an existing code, when the file names it with other inner spacing, then it is that code (an update), not a second one', () => {
    // Codes are unique "case and spacing ignored" (shared/collections.ts checkUnique): an import must
    // not add a code that AddLine would refuse as a duplicate.
    const plan = planSvaImport([{ id: '100', code: 'AB 1', description: 'x', uom: null, rate: 1, provisions: null }], HEADER, [['ab  1', 'x', '', '1', '']]);
    expect(plan.rows[0].action).not.toBe('add');
    expect(plan.rows[0].id).toBe('100');
  });

  it('given one bad row among good ones, when planned, then not ok but every row is still planned and counted', () => {
    const plan = planSvaImport(existing, HEADER, [['G-1', 'Good', 'ea', '1', ''], ['B-1', 'Bad', 'ea', 'lots', ''], ['SPL-2', 'Splice', 'ea', '40', 'Per splice']]);
    expect(plan.ok).toBe(false);
    expect(plan.counts).toEqual({ add: 1, update: 0, unchanged: 1, error: 1 });
    expect(plan.rows.map((r) => r.line)).toEqual([2, 3, 4]);
  });

  it(`given more than ${MAX_SVA_IMPORT_ROWS} rows, when planned, then a file error says how many and the limit`, () => {
    const rows = Array.from({ length: MAX_SVA_IMPORT_ROWS + 1 }, (_, i) => [`C-${i}`, 'D', 'ea', '1', '']);
    const plan = planSvaImport([], HEADER, rows);
    expect(plan.ok).toBe(false);
    expect(plan.fileErrors).toEqual([`The file has ${MAX_SVA_IMPORT_ROWS + 1} rows; at most ${MAX_SVA_IMPORT_ROWS} can be imported at once`]);
  });

  it(`given exactly ${MAX_SVA_IMPORT_ROWS} rows, when planned, then it is ok`, () => {
    const rows = Array.from({ length: MAX_SVA_IMPORT_ROWS }, (_, i) => [`C-${i}`, 'D', 'ea', '1', '']);
    expect(planSvaImport([], HEADER, rows).ok).toBe(true);
  });

  it('given values with surrounding spaces, when planned, then they are trimmed', () => {
    const plan = planSvaImport([], HEADER, [['  T-1 ', ' Trim me ', ' ft ', ' 2 ', '  ']]);
    expect(plan.rows[0].values).toEqual({ code: 'T-1', description: 'Trim me', uom: 'ft', rate: 2, provisions: null });
  });
});
