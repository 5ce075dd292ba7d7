/** The bid as clients see it (detail, list rows, live updates): one shape, one rule. */
import { linesOfCollection } from '../shared/collections.ts';
import { bidFiles, bidItems } from './collections.ts';
import { BID_FIELD_NAMES } from './commands.ts';
import { daysAway, dueColour } from '../shared/rules.ts';
import type { BidState } from './bid.ts';
import { bidPercentColour, bidPercentTotal, itemString } from './rules.ts';
import { pdfBundleOf } from '../shared/files.ts';

export interface BidView {
  id: string;
  [field: string]: unknown;
}

/**
 * `bid_days_away` counts to the bid due date; `actual_days_away` counts to the requested start of the
 * work (the spec names it without saying; this is the date crews care about).
 */
export function bidView(state: BidState, today: string): BidView {
  const items = linesOfCollection(state.lines, bidItems);
  const files = linesOfCollection(state.lines, bidFiles);
  const bundle = pdfBundleOf(files);
  const total = bidPercentTotal(items);
  return withBidDays(
    {
      id: state.id!,
      ...emptyFields(state),
      created_at: state.created_at,
      last_updated: state.last_updated,
      awarded_at: state.awarded_at,
      itemString: itemString(items),
      bid_percent_total: total,
      bid_percent_colour: bidPercentColour(total),
      pdf_bundle: bundle ? { id: bundle.id, file: bundle.file, file_name: bundle.file_name } : null,
    },
    today,
  );
}

/** The fields that depend on today's date, refreshed whenever a stored row is shown. */
export function withBidDays<T extends Record<string, unknown>>(view: T, today: string) {
  const bid_days_away = daysAway(view.bid_due_date as string | null, today);
  return {
    ...view,
    bid_days_away,
    bid_days_colour: dueColour(bid_days_away),
    actual_days_away: daysAway(view.request_start as string | null, today),
  };
}

/** Every field present, null when never set, so clients see a stable shape. */
function emptyFields(state: BidState) {
  return Object.fromEntries(BID_FIELD_NAMES.map((k) => [k, state.fields[k] ?? null]));
}
