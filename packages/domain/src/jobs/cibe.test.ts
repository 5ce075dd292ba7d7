import { describe, expect, it } from 'vitest';
import { cibeEmail, cibeGrandTotals, cibeLineFigures, cibeRangeQuestion, cibeRowsBetween, insertedMessage, jobCibeTotals, zeroCibeLine, zeroedMessage } from './cibe.ts';
import { numberNewLine } from '../shared/line-numbers.ts';

const line = (id: string, v: Record<string, unknown> = {}) => ({ id, ...v });

describe('a CIBE line\'s figures (spec 2 section 5)', () => {
  it('given issued 10 at 2.50 and a CIBE qty of 12, then issued total 25, CIBE total 30 and difference +2', () => {
    expect(cibeLineFigures(line('1', { issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: 12 }))).toEqual({ issued_item_total: 25, CIBE_item_total: 30, CIBE_item_qty_diff: 2 });
  });

  it('given a CIBE qty below the issued one, then the difference is negative', () => {
    expect(cibeLineFigures(line('1', { issued_item_qty: '10', issued_item_price: '2.5', CIBE_item_qty: '8' }))).toEqual({ issued_item_total: 25, CIBE_item_total: 20, CIBE_item_qty_diff: -2 });
  });

  it('given a CIBE qty equal to the issued one, or none, then the difference and the CIBE total are blank', () => {
    const blank = { issued_item_total: 25, CIBE_item_total: null, CIBE_item_qty_diff: null };
    expect(cibeLineFigures(line('1', { issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: 10 }))).toEqual(blank);
    expect(cibeLineFigures(line('1', { issued_item_qty: 10, issued_item_price: 2.5 }))).toEqual(blank);
    expect(cibeLineFigures(line('1', { issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: null }))).toEqual(blank);
    expect(cibeLineFigures(line('1', { issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: '' }))).toEqual(blank);
  });

  it('given quantities that floating point gets wrong (0.1 + 0.2), then a difference of 0 is blank and others are exact', () => {
    expect(cibeLineFigures(line('1', { issued_item_qty: 0.3, issued_item_price: 10, CIBE_item_qty: 0.1 + 0.2 })).CIBE_item_qty_diff).toBeNull();
    expect(cibeLineFigures(line('1', { issued_item_qty: 0.2, issued_item_price: 10, CIBE_item_qty: 0.1 + 0.2 }))).toEqual({ issued_item_total: 2, CIBE_item_total: 3, CIBE_item_qty_diff: 0.1 });
  });

  it('given no issued price or qty, then no issued total (a line total needs both above 0)', () => {
    expect(cibeLineFigures(line('1', { issued_item_qty: 10, CIBE_item_qty: 12 }))).toEqual({ issued_item_total: null, CIBE_item_total: null, CIBE_item_qty_diff: 2 });
    expect(cibeLineFigures(line('1', { issued_item_price: 4, CIBE_item_qty: 3 }))).toEqual({ issued_item_total: null, CIBE_item_total: 12, CIBE_item_qty_diff: 3 });
  });

  it('given a zeroed line, then the difference is minus the issued qty and the CIBE total blank (a line total needs a qty above 0)', () => {
    expect(cibeLineFigures(line('1', { issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: 0, line_zeroed: true }))).toEqual({ issued_item_total: 25, CIBE_item_total: null, CIBE_item_qty_diff: -10 });
  });
});

describe('CIBE grand totals of a job or a task', () => {
  const lines = [
    line('1', { issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: 12 }), // 25 -> 30
    line('2', { issued_item_qty: 4, issued_item_price: 10 }), // 40, no CIBE qty: as issued
    line('3', { issued_item_qty: 5, issued_item_price: 3, CIBE_item_qty: 0, line_zeroed: true }), // 15 -> 0
    line('4', { issued_item_qty: 3, issued_item_price: 0.1, CIBE_item_qty: 3 }), // 0.30, no difference: as issued
    line('5', { issued_item_qty: 1, issued_item_price: 0.2, CIBE_item_qty: 2 }), // 0.20 -> 0.40
  ];

  it('given lines that differ, lines without a CIBE qty and a zeroed line, then issued, as built and the difference in exact cents', () => {
    expect(cibeGrandTotals(lines)).toEqual({ issued: 80.5, built: 70.7, difference: -9.8 });
  });

  it('given the job\'s lines, then the job fields of spec 2 section 3 carry the same figures', () => {
    expect(jobCibeTotals(lines)).toEqual({ CIBE_issued_grand_total: 80.5, CIBE_job_grand_total: 70.7, CIBE_job_grand_total_difference: -9.8 });
  });

  it('given no lines, then every total is 0', () => {
    expect(jobCibeTotals([])).toEqual({ CIBE_issued_grand_total: 0, CIBE_job_grand_total: 0, CIBE_job_grand_total_difference: 0 });
  });
});

describe('zeroing a CIBE line (CibeLineZeroed)', () => {
  it('given a line with a CIBE qty, then line_zeroed true and CIBE qty 0, and the message names the code and that qty', () => {
    const l = line('1', { line_number: 3, issued_item_code: 'SVA-12', issued_item_qty: 10, CIBE_item_qty: 12, line_zeroed: false });
    expect(zeroCibeLine(l)).toEqual({ changes: { line_zeroed: { old: false, new: true }, CIBE_item_qty: { old: 12, new: 0 } }, message: 'SVA-12 Quantity 12 changed to 0' });
  });

  it('given a line with no CIBE qty, then the message names the issued qty', () => {
    const l = line('1', { issued_item_code: 'SVA-12', issued_item_qty: 10 });
    expect(zeroCibeLine(l)).toEqual({ changes: { line_zeroed: { old: null, new: true }, CIBE_item_qty: { old: null, new: 0 } }, message: 'SVA-12 Quantity 10 changed to 0' });
    expect(zeroedMessage(l)).toBe('SVA-12 Quantity 10 changed to 0');
  });

  it('given a line with no code, then the message names its line number', () => {
    expect(zeroedMessage(line('1', { line_number: 3, issued_item_qty: 4 }))).toBe('Line 3 Quantity 4 changed to 0');
  });

  it('given a line zeroed at 0 already, then nothing changes; zeroed but not at 0, then only the qty', () => {
    expect(zeroCibeLine(line('1', { line_zeroed: true, CIBE_item_qty: 0, issued_item_qty: 5 }))).toBeNull();
    expect(zeroCibeLine(line('1', { issued_item_code: 'A', line_zeroed: true, CIBE_item_qty: 2 }))?.changes).toEqual({ CIBE_item_qty: { old: 2, new: 0 } });
  });
});

describe('numbering a new CIBE line', () => {
  const sheet = [line('a', { line_number: 1 }), line('b', { line_number: 2 }), line('c', { line_number: 3 })];

  it('given no number asked, then the line is numbered last + 1 (1 on an empty sheet)', () => {
    expect(numberNewLine(sheet, undefined)).toEqual({ line_number: 4, moved: [], inserted: false });
    expect(numberNewLine(sheet, '')).toEqual({ line_number: 4, moved: [], inserted: false });
    expect(numberNewLine([], null)).toEqual({ line_number: 1, moved: [], inserted: false });
  });

  it('given a number another line holds, then the new line takes it and that line and every later one move down one', () => {
    expect(numberNewLine(sheet, 2)).toEqual({ line_number: 2, moved: [{ id: 'b', from: 2, to: 3 }, { id: 'c', from: 3, to: 4 }], inserted: true });
    expect(insertedMessage(2)).toBe('Line 2 inserted');
  });

  it('given a free number, then the line takes it and no other line moves', () => {
    expect(numberNewLine(sheet, 7)).toEqual({ line_number: 7, moved: [], inserted: false });
  });
});

describe('CIBE range select (spec 2 section 5)', () => {
  // Added out of order: the sheet's order is by line number.
  const lines = [line('10', { line_number: 4 }), line('11', { line_number: 1 }), line('12', { line_number: 3 }), line('13', { line_number: 2 }), line('14', { line_number: 5 })];

  it('given two lines, then the rows strictly between them in line order, whichever was clicked first', () => {
    expect(cibeRowsBetween(lines, '11', '14')).toEqual(['13', '12', '10']);
    expect(cibeRowsBetween(lines, '14', '11')).toEqual(['13', '12', '10']);
    expect(cibeRowsBetween(lines, '13', '10')).toEqual(['12']);
  });

  it('given two lines next to each other, the same line twice or an unknown id, then no rows', () => {
    expect(cibeRowsBetween(lines, '13', '12')).toEqual([]);
    expect(cibeRowsBetween(lines, '13', '13')).toEqual([]);
    expect(cibeRowsBetween(lines, '13', '99')).toEqual([]);
  });

  it('given the second click, then the question names both line numbers', () => {
    expect(cibeRangeQuestion(lines[3], lines[0])).toBe('Select rows between 2 and 4?');
  });
});

describe('the CIBE email', () => {
  const job = { account_job_number: '2601', title: 'Main St bore', coordinator: 'Job Coord' };
  const lines = [
    line('1', { line_number: 2, issued_item_code: 'SVA-2', issued_item_description: 'Handhole', issued_item_qty: 2, issued_item_price: 100, CIBE_item_qty: 2 }),
    line('2', { line_number: 1, issued_item_code: 'SVA-1', issued_item_description: 'Bore', issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: 12 }),
    line('3', { line_number: 3, issued_item_code: 'SVA-3', issued_item_qty: 4, issued_item_price: 1000 }),
    line('4', { line_number: 4, issued_item_code: 'SVA-4', issued_item_description: 'Sod', issued_item_qty: 5, issued_item_price: 3, CIBE_item_qty: 0, line_zeroed: true }),
  ];

  it('given lines of a task, some differing, then only the differing lines are listed, in line order, with the amount of the change', () => {
    const email = cibeEmail({ job, task: { task_id: '1.1', coordinator: 'Dana Reyes' }, lines })!;
    expect(email.subject).toBe('CIBE changes: job 2601, task 1.1');
    expect(email.amount).toBe(-10);
    expect(email.email_body).toContain('Hello Dana Reyes,');
    expect(email.email_body).toContain('for job 2601, task 1.1 (Main St bore):');
    const rows = email.email_body.split('\n').filter((r) => r.startsWith('Line '));
    expect(rows).toEqual(['Line 1: SVA-1 Bore; qty 10 -> 12 (+2); $25.00 -> $30.00 (+$5.00)', 'Line 4: SVA-4 Sod; qty 5 -> 0 (-5); $15.00 -> $0.00 (-$15.00)']);
    expect(email.email_body).toContain('Issued $40.00, as built $30.00: a change of -$10.00.');
  });

  it('given the job\'s own lines, then the email is about the job and greets the job\'s coordinator', () => {
    const email = cibeEmail({ job, lines: lines.slice(0, 2) })!;
    expect(email.subject).toBe('CIBE changes: job 2601');
    expect(email.email_body.startsWith('Hello Job Coord,')).toBe(true);
    expect(email.amount).toBe(5);
  });

  it('given no line that differs, then no email', () => {
    expect(cibeEmail({ job, lines: [lines[0], lines[2]] })).toBeNull();
    expect(cibeEmail({ job, lines: [] })).toBeNull();
  });
});
