/**
 * The account's SVA rate sheet: the codes CIBE lines are priced from. A CSV import is one event, so
 * it lands whole or not at all, and the sheet can be shown as it stood on any day.
 */
import { decideLine, evolveLines, isLineCommand, stampVersion, linesOfCollection, parseLineValues, type Line, type LinesState } from '../shared/collections.ts';
import { applyChanges } from '../shared/changes.ts';
import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type { SvaRateSheetCommand } from './commands.ts';
import type { SvaRateSheetEvent, SvaRateSheetOwnEvent } from './events.ts';
import { planSvaImport } from './rules.ts';
import { svaCodes } from './collections.ts';

const own = [svaCodes];

export interface SvaRateSheetState {
  id: string | null;
  deleted: boolean;
  created_at: string | null;
  last_updated: string | null;
  last_import: { at: string; by: string; file_name: string | null; added: number; updated: number; unchanged: number } | null;
  lines: LinesState;
}

export const initialSvaRateSheetState: SvaRateSheetState = { id: null, deleted: false, created_at: null, last_updated: null, last_import: null, lines: {} };

/** Thrown when an import has row errors: the plan says which rows and columns. */
export class SvaImportRefused extends DomainError {
  constructor(readonly plan: ReturnType<typeof planSvaImport>) {
    const first = plan.fileErrors[0] ?? (() => {
      const r = plan.rows.find((x) => x.action === 'error')!;
      const [col, why] = Object.entries(r.errors)[0];
      return `line ${r.line}: ${col} ${why}`;
    })();
    const errors = plan.counts.error + plan.fileErrors.length;
    super('invalid', `Nothing imported: ${errors} problem${errors === 1 ? '' : 's'} (${first})`, { file: first });
  }
}

export const svaRateSheetDecider: Decider<SvaRateSheetState, SvaRateSheetCommand, SvaRateSheetEvent> = {
  aggregate: 'sva_rate_sheet',
  initialState: initialSvaRateSheetState,
  decide(command, state, meta) {
    if (isLineCommand(command)) {
      if (!state.id) throw new DomainError('not_found', 'SVA rate sheet not found');
      return decideLine(command, state.lines, state.id, meta, own);
    }
    switch (command.type) {
      case 'OpenRecord':
        return state.id ? [] : [{ type: 'SvaRateSheetOpened', data: { id: command.id } }];
      case 'ImportSvaCodes': {
        if (!state.id) throw new DomainError('not_found', 'SVA rate sheet not found');
        const plan = planSvaImport(linesOfCollection(state.lines, svaCodes), command.header, command.records);
        if (!plan.ok) throw new SvaImportRefused(plan);
        const adds = plan.rows.filter((r) => r.action === 'add');
        // Ids are handed out before deciding; an import raced by another edit is simply retried.
        if (adds.length > command.lineIds.length) throw new DomainError('conflict', 'The rate sheet changed during the import; try again');
        const added: Line[] = adds.map((r, n) => ({ ...parseLineValues(svaCodes, r.values, true), id: command.lineIds[n], rate_sheet: state.id! }));
        const revised = plan.rows.filter((r) => r.action === 'update').map((r) => ({ id: r.id!, changes: r.changes! }));
        if (!added.length && !revised.length) return [];
        return [{ type: 'SvaCodesImported', data: { file_name: command.fileName, added, revised, unchanged: plan.counts.unchanged } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    const e = event as SvaRateSheetOwnEvent;
    switch (e.type) {
      case 'SvaRateSheetOpened':
        return { ...touched, id: e.data.id, created_at: meta.at };
      case 'SvaCodesImported': {
        const codes = { ...(state.lines.sva_codes ?? {}) };
        for (const l of e.data.added) codes[l.id] = stampVersion(l, meta);
        for (const r of e.data.revised) if (codes[r.id]) codes[r.id] = stampVersion(applyChanges(codes[r.id], r.changes), meta);
        return {
          ...touched,
          lines: { ...state.lines, sva_codes: codes },
          last_import: { at: meta.at, by: meta.userName, file_name: e.data.file_name, added: e.data.added.length, updated: e.data.revised.length, unchanged: e.data.unchanged },
        };
      }
      default:
        return { ...touched, lines: evolveLines(state.lines, event, meta, own) };
    }
  },
};
