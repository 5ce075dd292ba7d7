import { describe, expect, it } from 'vitest';
import { mergeColumns, moveColumn, pinnedKeys, savedColumns, setHidden, setWidths, type DeclaredColumn } from './columnPrefs';

const declared: DeclaredColumn[] = [
  { key: 'number', label: '#' },
  { key: 'title', label: 'Title', width: 200 },
  { key: 'client', label: 'Client' },
  { key: 'total', label: 'Total' },
];
const keys = (cs: { key: string }[]) => cs.map((c) => c.key);

describe('a list\'s chosen columns', () => {
  it('given nothing saved, then the declared columns show in their order, the first pinned', () => {
    const shown = mergeColumns(declared, []);
    expect(keys(shown)).toEqual(['number', 'title', 'client', 'total']);
    expect(shown.map((c) => c.pinned)).toEqual([true, false, false, false]);
    expect(shown.every((c) => !c.hidden && c.width === null)).toBe(true);
  });

  it('given columns declared pinned, then those are pinned and not the first', () => {
    expect([...pinnedKeys([{ key: 'a', label: 'A' }, { key: 'b', label: 'B', pinned: true }])]).toEqual(['b']);
  });

  it('given a saved order, hidden column and width, then they are kept', () => {
    const shown = mergeColumns(declared, [
      { key: 'total', hidden: false, width: 120 },
      { key: 'title', hidden: true, width: null },
      { key: 'client', hidden: false, width: null },
    ]);
    expect(keys(shown)).toEqual(['number', 'total', 'title', 'client']);
    expect(shown.find((c) => c.key === 'title')?.hidden).toBe(true);
    expect(shown.find((c) => c.key === 'total')?.width).toBe(120);
  });

  it('given a column added to the declaration after the choice was saved, then it appears after the column declared before it', () => {
    const later = [...declared.slice(0, 2), { key: 'po', label: 'PO' }, ...declared.slice(2)];
    const shown = mergeColumns(later, [
      { key: 'client', hidden: false, width: null },
      { key: 'title', hidden: false, width: null },
      { key: 'total', hidden: false, width: null },
    ]);
    expect(keys(shown)).toEqual(['number', 'client', 'title', 'po', 'total']);
    expect(shown.find((c) => c.key === 'po')?.hidden).toBe(false);
  });

  it('given a saved key the list no longer declares, then it is dropped', () => {
    const shown = mergeColumns(declared, [
      { key: 'gone', hidden: false, width: 99 },
      { key: 'total', hidden: false, width: null },
    ]);
    expect(keys(shown)).not.toContain('gone');
    expect(keys(shown)).toEqual(['number', 'title', 'client', 'total']);
  });

  it('given a pinned column, when hidden or moved, then it stays first and shown', () => {
    const shown = mergeColumns(declared, [{ key: 'number', hidden: true, width: 80 }]);
    expect(shown[0]).toEqual({ key: 'number', hidden: false, width: 80, pinned: true });
    expect(setHidden(shown, 'number', true)[0].hidden).toBe(false);
    expect(keys(moveColumn(shown, 'title', -1))).toEqual(keys(shown));
    expect(keys(moveColumn(shown, 'number', 1))).toEqual(keys(shown));
  });

  it('when a column is moved, hidden and resized, then what is saved says so in order', () => {
    let shown = mergeColumns(declared, []);
    shown = moveColumn(shown, 'total', -1);
    shown = setHidden(shown, 'client', true);
    shown = setWidths(shown, { title: 233.6 });
    expect(savedColumns(shown)).toEqual([
      { key: 'number', hidden: false, width: null },
      { key: 'title', hidden: false, width: 234 },
      { key: 'total', hidden: false, width: null },
      { key: 'client', hidden: true, width: null },
    ]);
  });
});
