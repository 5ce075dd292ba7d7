/** Bid rules of spec 1 (sections 2, 4, 5, 9). */
import type { Line } from '../shared/collections.ts';

export const BID_STATUSES = ['A', 'C', 'R', 'X'] as const;
export const NEW_BID_STATUS = 'A';
export const BID_REGIONS = ['SW', 'AM', 'BL', 'CP', 'LS', 'MB', 'NT', 'PB'] as const;
/** The bid list's five-region filter; a bid's `market` holds the code. */
export const BID_MARKETS = [
  { code: 'A', label: 'A MIDWEST' },
  { code: 'B', label: 'B SOUTHEAST' },
  { code: 'N', label: 'N NATIONAL' },
  { code: 'P', label: 'P WEST' },
  { code: 'SW', label: 'SW SOUTHWEST' },
] as const;
export const BID_MARKET_CODES = ['A', 'B', 'N', 'P', 'SW'] as const;
export const AWARD_SOURCES = ['CNA', 'BID'] as const;
/** Spec 2 section 4 spells CNA 'C.N.A': the same source, read as spec 1's CNA (what stored bids hold). */
export const AWARD_SOURCE_SPELLINGS = { 'C.N.A': 'CNA', 'C.N.A.': 'CNA' } as const satisfies Record<string, (typeof AWARD_SOURCES)[number]>;
/** Spec 1's five bid divisions; numbered 1 to 5 in this order (spec 3 section 9). */
export const DIVISIONS = ['BAU', 'IR', 'NON-IR MR', 'LIGHTGIG', 'LEGACY'] as const;
export const OUR_STATUSES = ['New', 'Pass', 'Field Visit', 'To Estimate', 'No Bid', 'Submitted', 'Modified', 'Won', 'Lost'] as const;
export const AWARDED_STATUS = 'Won';

const num = (v: unknown) => (typeof v === 'number' ? v : v == null || v === '' ? 0 : Number(v) || 0);

/** Sum of the items' bid_percent, to 2 decimals so 33.33 + 33.33 + 33.34 is exactly 100. */
export function bidPercentTotal(items: Line[]): number {
  return Math.round(items.reduce((s, i) => s + num(i.bid_percent), 0) * 100) / 100;
}

/** Strictly between 0 and 100 is red, exactly 100 is green; it never blocks a save. */
export function bidPercentColour(total: number): 'red' | 'green' | null {
  if (total === 100) return 'green';
  if (total > 0 && total < 100) return 'red';
  return null;
}

/** The list's item summary: the items' names in order, comma separated. */
export function itemString(items: Line[]): string {
  return items
    .map((i) => (typeof i.item === 'string' ? i.item.trim() : ''))
    .filter(Boolean)
    .join(', ');
}
