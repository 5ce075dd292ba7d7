import { describe, expect, it } from 'vitest';
import { lineIn, patchedLine, withoutLine } from './place';

const detail = { id: 't1', version: 4, equipment: [{ id: 'e1', hours: 2, version: 3 }], materials: [{ id: 'm1', files: [{ id: 'f1', caption: 'old', version: 1 }] }] };

describe('a line changed offline shows wherever the record holds it', () => {
  it('given an edit of a line, then its fields change and its version stays the server\'s', () => {
    expect(patchedLine(detail, 'e1', { hours: 6, version: 9 }).equipment).toEqual([{ id: 'e1', hours: 6, version: 3 }]);
  });

  it('given an edit of a line of a line, then the nested line changes', () => {
    expect(patchedLine(detail, 'f1', { caption: 'new' }).materials).toEqual([{ id: 'm1', files: [{ id: 'f1', caption: 'new', version: 1 }] }]);
    expect(lineIn(detail, 'f1')).toEqual({ id: 'f1', caption: 'old', version: 1 });
  });

  it('given a line deleted, then it is gone and the rest stays', () => {
    const d = withoutLine(detail, 'f1');
    expect(d.materials).toEqual([{ id: 'm1', files: [] }]);
    expect(d.equipment).toEqual(detail.equipment);
    expect(lineIn(d, 'f1')).toBeNull();
  });
});
