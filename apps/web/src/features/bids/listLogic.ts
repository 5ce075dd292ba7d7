/**
 * The bid list's own logic: its default sort (paging, filter, sort and selection are
 * components/table/pagedList.ts). Tested in listLogic.test.ts.
 */
import type { Sort } from '../../lib/listLogic';

/** Spec 1: bids sort by bid_days_away ascending by default. */
export const DEFAULT_SORT: Sort = { key: 'bid_days_away', dir: 'asc' };
