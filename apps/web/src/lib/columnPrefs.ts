/**
 * A paged list's columns as the user chose them (the column chooser): the declared columns merged with
 * the saved choices, moved, hidden, resized, and back to what is saved. Pure; tested in columnPrefs.test.ts.
 */
import type { ListColumn } from '@trenchline/domain';

/** What the chooser needs of a declared column. */
export interface DeclaredColumn {
  key: string;
  label: string;
  width?: number;
  pinned?: boolean;
}

/** A column as shown: in the user's order, hidden or not, at its width. */
export interface ChosenColumn {
  key: string;
  hidden: boolean;
  /** The dragged width; null: the declared one. */
  width: number | null;
  pinned: boolean;
}

/** The pinned columns: those declared `pinned`, else the first declared (the record's number or name). */
export function pinnedKeys(declared: readonly DeclaredColumn[]): Set<string> {
  const marked = declared.filter((c) => c.pinned).map((c) => c.key);
  return new Set(marked.length ? marked : declared.slice(0, 1).map((c) => c.key));
}

/**
 * The declared columns in the saved order with the saved choices. A saved key the list no longer
 * declares is dropped; a column declared since the choice was saved shows, after the column declared
 * before it. Pinned columns always show, first, in their declared order.
 */
export function mergeColumns(declared: readonly DeclaredColumn[], saved: readonly ListColumn[]): ChosenColumn[] {
  const pinned = pinnedKeys(declared);
  const known = new Set(declared.map((c) => c.key));
  const seen = new Set<string>();
  const order: ChosenColumn[] = [];
  for (const s of saved) {
    if (!known.has(s.key) || pinned.has(s.key) || seen.has(s.key)) continue;
    seen.add(s.key);
    order.push({ key: s.key, hidden: Boolean(s.hidden), width: s.width ?? null, pinned: false });
  }
  declared.forEach((d, i) => {
    if (pinned.has(d.key) || seen.has(d.key)) return;
    const before = declared.slice(0, i).reverse().find((p) => order.some((o) => o.key === p.key));
    const at = before ? order.findIndex((o) => o.key === before.key) + 1 : 0;
    order.splice(at, 0, { key: d.key, hidden: false, width: null, pinned: false });
    seen.add(d.key);
  });
  const savedWidth = (key: string) => saved.find((s) => s.key === key)?.width ?? null;
  const pins = declared.filter((d) => pinned.has(d.key)).map((d) => ({ key: d.key, hidden: false, width: savedWidth(d.key), pinned: true }));
  return [...pins, ...order];
}

/** What is saved: every column in order with its choices. */
export const savedColumns = (chosen: readonly ChosenColumn[]): ListColumn[] => chosen.map((c) => ({ key: c.key, hidden: c.hidden, width: c.width }));

/** Move a column up (-1) or down (+1) among the unpinned ones; pinned columns stay put. */
export function moveColumn(chosen: readonly ChosenColumn[], key: string, step: -1 | 1): ChosenColumn[] {
  const i = chosen.findIndex((c) => c.key === key);
  const j = i + step;
  if (i < 0 || chosen[i].pinned || j < 0 || j >= chosen.length || chosen[j].pinned) return [...chosen];
  const next = [...chosen];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** Show or hide a column (a pinned one always shows). */
export const setHidden = (chosen: readonly ChosenColumn[], key: string, hidden: boolean): ChosenColumn[] =>
  chosen.map((c) => (c.key === key && !c.pinned ? { ...c, hidden } : c));

/** Widths dragged on the header (TanStack's column sizing), rounded to whole pixels. */
export const setWidths = (chosen: readonly ChosenColumn[], widths: Record<string, number>): ChosenColumn[] =>
  chosen.map((c) => (widths[c.key] === undefined ? c : { ...c, width: Math.round(widths[c.key]) }));

/** Whether two choices are the same (nothing to save). */
export const sameColumns = (a: readonly ChosenColumn[], b: readonly ChosenColumn[]) => JSON.stringify(savedColumns(a)) === JSON.stringify(savedColumns(b));
