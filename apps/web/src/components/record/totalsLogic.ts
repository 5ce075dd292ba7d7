/**
 * A totals strip's cells (a job's, a task's, a ticket's), as the API computes them: never added up
 * here. A money figure the answer lacks was withheld from the role (docs/roles.md "Money"): it is left
 * out, never shown as $0.00.
 */
import { showMoney } from '../../lib/numbers';

export interface Cell {
  key: string;
  label: string;
  /** The figure as shown; undefined when the answer lacks it. */
  value: string | undefined;
  tone?: 'red' | 'teal';
  /** A money figure (or one computed from money): shown only to a role that sees money, and only when the answer has it. */
  money?: boolean;
}

/** The cells shown: a money cell is left out for a role that sees no money, and wherever its figure is absent. */
export const shownCells = (cells: readonly Cell[], seesMoney: boolean): Cell[] => cells.filter((c) => !c.money || (seesMoney && c.value !== undefined));

/** A figure of the record computed from money, by its own words (a percent); undefined when the answer lacks it. */
export function figureCell(record: object, key: string, label: string, show: (v: unknown) => string, tone?: Cell['tone']): Cell {
  const v = (record as Record<string, unknown>)[key];
  return { key, label, money: true, value: v === undefined ? undefined : show(v), tone };
}

/** A money figure of the record: '$0.00' for none, red when `signed` and below zero; undefined when the answer lacks it. */
export const moneyCell = (record: object, key: string, label: string, signed = false): Cell => {
  const v = (record as Record<string, unknown>)[key];
  return figureCell(record, key, label, (x) => showMoney(x) || '$0.00', signed && typeof v === 'number' && v < 0 ? 'red' : undefined);
};
