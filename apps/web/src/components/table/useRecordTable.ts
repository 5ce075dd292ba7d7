import { useState } from 'react';
import { nextSort, selectAllState, toggleAll, toggleOne, type Sort } from '../../lib/listLogic';
import type { RecordTableState } from './RecordTable';

/** A list screen's sort and selection, and what its RecordTable takes for the rows on screen. */
export function useRecordTable(defaultSort: Sort) {
  const [sort, setSort] = useState(defaultSort);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  /** The table's state over the filtered, sorted rows: select-all acts on these rows only. */
  const tableOf = <T extends { id: string }>(rows: T[]): RecordTableState<T> => ({
    rows,
    sort,
    onSort: (key) => setSort((s) => nextSort(s, key)),
    selected,
    allState: selectAllState(rows, selected),
    onToggleAll: () => setSelected((s) => toggleAll(rows, s)),
    onToggle: (id) => setSelected((s) => toggleOne(s, id)),
  });
  return { sort, selected, setSelected, tableOf };
}
