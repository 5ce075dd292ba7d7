/**
 * What every paged record table says alike about its rows, so an area's table names only its noun:
 * the select boxes' words, and a row's marks (flashed yellow a moment after someone changed it, its
 * id, archived).
 */

/** 'Select all matching jobs' over the header box; 'Select job 1004' (its id while it has no name) on a row's. */
export const selectLabels = <T extends { id: string }>(noun: string, plural: string, nameOf: (row: T) => string | null | undefined) => ({
  selectAllLabel: `Select all matching ${plural}`,
  selectLabel: (row: T) => `Select ${noun} ${nameOf(row) || row.id}`,
});

/** A row's marks: yellow for a moment when someone just changed it, its id as `idMark` (data-ticket-id), data-archived. */
export const flashedRowProps = <K extends `data-${string}`>(row: { id: string; archived?: boolean | null }, flashed: ReadonlySet<string>, idMark: K) => ({
  style: { transition: 'background-color 600ms' },
  bg: flashed.has(row.id) ? 'yellow.1' : undefined,
  ...({ [idMark]: row.id } as Record<K, string>),
  'data-archived': row.archived ? 'true' : undefined,
});
