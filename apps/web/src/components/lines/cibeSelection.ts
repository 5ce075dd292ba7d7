/**
 * The row selection of a numbered sheet (a job's CIBE lines, a ticket's production lines; spec 2 section 5): a click on a row's box selects or clears it and
 * marks it the range's start; a shift-click (or, in range mode, any second click) on another row asks
 * 'Select rows between X and Y?' and, when confirmed, selects both rows and every row strictly between
 * (the domain's cibeRowsBetween, in line order).
 */
import { cibeRangeQuestion, cibeRowsBetween, type Line } from '@trenchline/domain';

export interface CibeSelection {
  ids: ReadonlySet<string>;
  /** The last row clicked on: where a range starts. */
  anchor: string | null;
  /** Range mode: a second plain click asks for a range, as a shift-click does. */
  rangeMode: boolean;
}

export const NO_CIBE_SELECTION: CibeSelection = { ids: new Set(), anchor: null, rangeMode: false };

/** A click either changes the selection at once, or asks first (a range). */
export type CibeClick = { selection: CibeSelection } | { ask: { question: string; from: string; to: string } };

/** One row's box toggled: it becomes the range's start when it is now selected. */
export function toggleRow(sel: CibeSelection, id: string): CibeSelection {
  const ids = new Set(sel.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ...sel, ids, anchor: ids.has(id) ? id : null };
}

/** A click on a row's box: a range question when shift is held (or range mode is on) and a start row is selected. */
export function clickRow(sel: CibeSelection, lines: readonly Line[], id: string, shift: boolean): CibeClick {
  const from = sel.anchor ? lines.find((l) => l.id === sel.anchor) : undefined;
  const to = lines.find((l) => l.id === id);
  if ((shift || sel.rangeMode) && from && to && from.id !== id && sel.ids.has(from.id)) {
    return { ask: { question: cibeRangeQuestion(from, to), from: from.id, to: id } };
  }
  return { selection: toggleRow(sel, id) };
}

const scopeOf = (l: Line | undefined) => String(l?.job_task ?? '');

/** The rows strictly between two rows: in line order within one scope (the domain's rule); across scopes (the job page), as the table shows them. */
function rowsBetween(lines: readonly Line[], from: string, to: string): string[] {
  const a = lines.findIndex((l) => l.id === from);
  const b = lines.findIndex((l) => l.id === to);
  if (a < 0 || b < 0) return [];
  const scope = scopeOf(lines[a]);
  if (scope === scopeOf(lines[b])) return cibeRowsBetween(lines.filter((l) => scopeOf(l) === scope), from, to);
  return lines.slice(Math.min(a, b) + 1, Math.max(a, b)).map((l) => l.id);
}

/** The range confirmed: both ends and the rows strictly between them are selected; the end is the new start. */
export function selectRange(sel: CibeSelection, lines: readonly Line[], from: string, to: string): CibeSelection {
  const ids = new Set(sel.ids);
  ids.add(from);
  ids.add(to);
  for (const id of rowsBetween(lines, from, to)) ids.add(id);
  return { ...sel, ids, anchor: to };
}

/** The range declined: the row clicked on is toggled on its own. */
export const declineRange = (sel: CibeSelection, to: string): CibeSelection => toggleRow(sel, to);

/** Every shown row, or none when all of them already are. */
export function toggleAll(sel: CibeSelection, lines: readonly Line[]): CibeSelection {
  const all = lines.length > 0 && lines.every((l) => sel.ids.has(l.id));
  return { ...sel, ids: all ? new Set() : new Set(lines.map((l) => l.id)), anchor: null };
}

/** Rows that left the table (deleted, moved to another task) leave the selection. */
export function keepShown(sel: CibeSelection, lines: readonly Line[]): CibeSelection {
  const shown = new Set(lines.map((l) => l.id));
  if ([...sel.ids].every((id) => shown.has(id)) && (!sel.anchor || shown.has(sel.anchor))) return sel;
  return { ...sel, ids: new Set([...sel.ids].filter((id) => shown.has(id))), anchor: sel.anchor && shown.has(sel.anchor) ? sel.anchor : null };
}

/** The selected rows in table order (what a bulk action sends). */
export const selectedIds = (sel: CibeSelection, lines: readonly Line[]) => lines.filter((l) => sel.ids.has(l.id)).map((l) => l.id);
