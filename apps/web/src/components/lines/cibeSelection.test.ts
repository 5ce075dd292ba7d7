import { describe, expect, it } from 'vitest';
import { clickRow, declineRange, keepShown, NO_CIBE_SELECTION, selectedIds, selectRange, toggleAll, type CibeClick, type CibeSelection } from './cibeSelection';

// Line order is line_number order, not the order the rows arrive in.
const lines = [
  { id: 'a', line_number: 1 },
  { id: 'b', line_number: 2 },
  { id: 'd', line_number: 4 },
  { id: 'c', line_number: 3 },
  { id: 'e', line_number: 5 },
];

const picked = (r: CibeClick): CibeSelection => {
  if (!('selection' in r)) throw new Error(`asked ${r.ask.question}`);
  return r.selection;
};
const ids = (s: CibeSelection) => [...s.ids].sort();

describe('CIBE row selection', () => {
  it('given nothing selected, when a row is clicked, then it is selected and starts a range; clicked again it is cleared', () => {
    const one = picked(clickRow(NO_CIBE_SELECTION, lines, 'b', false));
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    const none = picked(clickRow(one, lines, 'b', false));
    expect(ids(none)).toEqual([]);
    expect(none.anchor).toBeNull();
  });

  it('given a selected row, when another is clicked without shift, then both are selected and nothing is asked', () => {
    const one = picked(clickRow(NO_CIBE_SELECTION, lines, 'a', false));
    expect(ids(picked(clickRow(one, lines, 'e', false)))).toEqual(['a', 'e']);
  });

  it('given a selected row, when another is shift-clicked, then the question names the two line numbers', () => {
    const one = picked(clickRow(NO_CIBE_SELECTION, lines, 'a', false));
    const r = clickRow(one, lines, 'e', true);
    expect(r).toEqual({ ask: { question: 'Select rows between 1 and 5?', from: 'a', to: 'e' } });
  });

  it('given range mode, when a second row is clicked, then the range is asked as with shift', () => {
    const one = picked(clickRow({ ...NO_CIBE_SELECTION, rangeMode: true }, lines, 'e', false));
    expect(clickRow(one, lines, 'b', false)).toEqual({ ask: { question: 'Select rows between 5 and 2?', from: 'e', to: 'b' } });
  });

  it('given the range confirmed, then both ends and the rows strictly between in line order are selected', () => {
    const one = picked(clickRow(NO_CIBE_SELECTION, lines, 'b', false));
    const range = selectRange(one, lines, 'b', 'e');
    expect(ids(range)).toEqual(['b', 'c', 'd', 'e']);
    expect(selectedIds(range, lines)).toEqual(['b', 'd', 'c', 'e']);
    expect(ids(selectRange(one, lines, 'e', 'a'))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('given the range declined, then only the clicked row is added', () => {
    const one = picked(clickRow(NO_CIBE_SELECTION, lines, 'a', false));
    expect(ids(declineRange(one, 'd'))).toEqual(['a', 'd']);
  });

  it('given shift held with no row selected yet, then the click only selects that row', () => {
    expect(ids(picked(clickRow(NO_CIBE_SELECTION, lines, 'c', true)))).toEqual(['c']);
  });

  it('given some rows selected, when all are toggled, then every row is; toggled again none is', () => {
    const all = toggleAll(picked(clickRow(NO_CIBE_SELECTION, lines, 'a', false)), lines);
    expect(ids(all)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(toggleAll(all, lines))).toEqual([]);
  });

  it('given selected rows, when some leave the table, then they leave the selection and so does the range start', () => {
    const sel = selectRange(picked(clickRow(NO_CIBE_SELECTION, lines, 'a', false)), lines, 'a', 'c');
    const kept = keepShown(sel, lines.filter((l) => l.id !== 'c'));
    expect(ids(kept)).toEqual(['a', 'b']);
    expect(kept.anchor).toBeNull();
    expect(keepShown(kept, lines)).toBe(kept);
  });
});

describe('CIBE range select on the job page (lines of several scopes)', () => {
  // As the job page shows them: the job's own lines, then task t1's; each scope numbered from 1.
  const shown = [
    { id: 'j1', line_number: 1 },
    { id: 'j2', line_number: 2 },
    { id: 'j3', line_number: 3 },
    { id: 'k1', line_number: 1, job_task: 't1' },
    { id: 'k2', line_number: 2, job_task: 't1' },
  ];

  it('given two rows of one task, when the range is confirmed, then only that task rows between them are selected', () => {
    expect(ids(selectRange(NO_CIBE_SELECTION, shown, 'k1', 'k2'))).toEqual(['k1', 'k2']);
    expect(ids(selectRange(NO_CIBE_SELECTION, shown, 'j1', 'j3'))).toEqual(['j1', 'j2', 'j3']);
  });

  it('given rows of two scopes, when the range is confirmed, then the rows between them as shown are selected', () => {
    expect(ids(selectRange(NO_CIBE_SELECTION, shown, 'j2', 'k2'))).toEqual(['j2', 'j3', 'k1', 'k2']);
  });
});
