import { BulkArchiveButton, BulkDeleteButton } from './BulkActions';
import type { BulkList, SelectionTarget } from './useBulkOperation';

/** What a list's bulk buttons are given: the selection as the bulk body takes it (usePagedList target), and what to do when done. */
export interface Selected {
  target: SelectionTarget;
  onDone: () => void;
}

/** Delete and Archive of a list's selection (all that match, when so selected), side by side as every record list's toolbar has them. */
export function DeleteArchiveButtons({ list, records, ...selected }: Selected & { list: BulkList; records: string }) {
  return (
    <>
      <BulkDeleteButton {...selected} list={list} records={records} />
      <BulkArchiveButton {...selected} list={list} records={records} />
    </>
  );
}
