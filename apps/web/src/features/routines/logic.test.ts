import { describe, expect, it } from 'vitest';
import { ROUTINE_SHAPE, addSet, addTask, filterRows, forSave, isTemp, progressOf, removeSet, removeTask, replaceSet, replaceTask, replaceTemp, sortDoRoutines, sortRoutines, tempId } from './logic';

describe('routine screen logic', () => {
  it('given a routine as loaded, when saved, then created_date, last_updated, its sets and server fields are left out', () => {
    const r = { id: '1', name: 'Truck', category: null, created_date: '2026-01-01', last_updated: '2026-01-02', routine_sets: [], version: 3, set_count: 0 };
    expect(forSave(r, ['name', 'category'])).toEqual({ name: 'Truck', category: null });
  });

  it('given an optimistic blank row, when the server answers, then it is replaced in place', () => {
    const t = tempId();
    expect(isTemp(t)).toBe(true);
    const rows = [{ id: t, name: null }, { id: '5', name: 'Old' }];
    expect(replaceTemp(rows, t, { id: '9', name: null })).toEqual([{ id: '9', name: null }, { id: '5', name: 'Old' }]);
  });

  it('given the live event brought the new row before the answer, when the answer comes, then one copy stays', () => {
    const rows = [{ id: 'new-77', name: null }, { id: '9', name: null, version: 1 }];
    expect(replaceTemp(rows, 'new-77', { id: '9', name: null, version: 1 })).toEqual([{ id: '9', name: null, version: 1 }]);
  });

  it('given rows, when sorted, then new rows come first, then newest first; do-routines by due date, none last', () => {
    expect(sortRoutines([{ id: '2' }, { id: 'new-1' }, { id: '10' }]).map((r) => r.id)).toEqual(['new-1', '10', '2']);
    const d = [{ id: '1', due_date: null }, { id: '2', due_date: '2030-02-01' }, { id: '3', due_date: '2030-01-01' }, { id: 'new-2', due_date: null }];
    expect(sortDoRoutines(d).map((r) => r.id)).toEqual(['new-2', '3', '2', '1']);
  });

  it('given a filter, when rows are filtered, then every word must match some field, and new rows stay', () => {
    const rows = [{ id: '1', name: 'Truck check', category: 'Vehicle' }, { id: '2', name: 'Yard walk', category: 'Site' }, { id: 'new-3', name: null }];
    expect(filterRows(rows, 'truck VEHICLE', ['name', 'category']).map((r) => r.id)).toEqual(['1', 'new-3']);
  });

  it('given a routine in the cache, when sets and tasks are added, replaced and removed, then the nesting follows', () => {
    let d: Record<string, unknown> = { id: '1', routine_sets: [] };
    d = addSet(d, ROUTINE_SHAPE, { id: 'new-a', name: null });
    d = replaceSet(d, ROUTINE_SHAPE, 'new-a', { id: '2', name: null });
    d = addTask(d, ROUTINE_SHAPE, '2', { id: 'new-b', name: null });
    d = replaceTask(d, ROUTINE_SHAPE, 'new-b', { id: '3', name: 'Tyres' });
    expect(d.routine_sets).toEqual([{ id: '2', name: null, set_tasks: [{ id: '3', name: 'Tyres' }] }]);
    expect((removeTask(d, ROUTINE_SHAPE, '3').routine_sets as { set_tasks: unknown[] }[])[0].set_tasks).toEqual([]);
    expect(removeSet(d, ROUTINE_SHAPE, '2').routine_sets).toEqual([]);
  });

  it('given done counts, when shown, then a label and a whole percentage', () => {
    expect(progressOf(1, 3)).toEqual({ label: '1 / 3', percent: 33 });
    expect(progressOf(0, 0)).toEqual({ label: '0 / 0', percent: 0 });
  });
});
