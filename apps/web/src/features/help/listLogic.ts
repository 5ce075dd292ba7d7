/**
 * The help list's own logic (paging, sort and selection are components/table/pagedList.ts, the saved
 * choices lib/listPrefs.ts): the default sort, which live rows the list holds, what public mode hides,
 * the navigation badge's words and the updates in the order shown. Tested in listLogic.test.ts.
 */
import { inDateRange } from '@trenchline/domain';
import type { Sort } from '../../lib/listLogic';
import { rowFilter, type ListPrefs } from '../../lib/listPrefs';
import { rowMatches } from '../../lib/realtime';

/** Newest first, as the server orders the list by default. */
export const DEFAULT_SORT: Sort = { key: 'created_at', dir: 'desc' };

/**
 * Whether a live row belongs in the list of these choices, as the server would say: active or
 * archived, and its span from creation to completion against the range.
 */
export function helpRowFit(p: ListPrefs | null): ((row: Record<string, unknown>) => boolean) | null {
  if (!p) return null;
  const rows = rowFilter(p);
  const range = { from: p.start_date, to: p.end_date, liveAndFuture: p.live_and_future };
  return (row) => rows !== null && rowMatches(row, rows) && inDateRange({ created_at: row.created_at, due_date: row.completion_date }, range);
}

/** What public mode hides, for showing the list to someone outside: who raised each ticket and who changed it last. */
export const PUBLIC_MODE_HIDDEN = ['submitted_by_name', 'last_updated'] as const;

export const shownColumns = <C extends { key: string }>(columns: C[], publicMode: boolean): C[] =>
  publicMode ? columns.filter((c) => !(PUBLIC_MODE_HIDDEN as readonly string[]).includes(c.key)) : columns;

/** The navigation badge's words: the count, 99+ past 99; nothing when no ticket awaits the user. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count < 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The badge's hover: how many tickets await an answer from us and how many await the user's own reply. */
export function awaitingText(c: { count: number; office: number; submitter: number } | null | undefined): string {
  if (!c?.count) return 'No help ticket awaits you';
  const parts = [c.office ? `${c.office} awaiting an answer` : null, c.submitter ? `${c.submitter} of yours awaiting your reply` : null].filter(Boolean);
  return `${c.count} help ${c.count === 1 ? 'ticket' : 'tickets'}: ${parts.join(', ')}`;
}

/** The latest update in words for the list: its status and text, cut to `max` characters. */
export function latestUpdateText(u: { text?: string | null; status?: string | null } | null | undefined, max = 80): string {
  if (!u) return '';
  const text = (u.text ?? '').replace(/\s+/g, ' ').trim();
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return [u.status, cut].filter(Boolean).join(': ');
}
