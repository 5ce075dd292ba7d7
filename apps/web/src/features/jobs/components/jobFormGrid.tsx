/**
 * What the job forms share (the base job's, the ORCA job's and a task's): one dense 24-column grid with
 * the job's field labels, the coordinator code that fills the coordinator's fields, and text fields
 * offered with suggestions.
 */
import type { ReactNode } from 'react';
import { Autocomplete } from '@mantine/core';
import { svaCoordinators } from '@trenchline/domain';
import { fieldGrid, str, type FieldGridOptions, type RecordFormProps } from '../../../components/record/FieldGrid';
import { useCatalog } from '../../settings';
import { jobFieldLabel } from '../fields';
import { COORDINATOR_FIELDS, coordinatorFill } from '../formLogic';
import type { JobValues } from '../api/getJob';

type GridInput<V> = Pick<FieldGridOptions<V>, 'values' | 'onChange' | 'readOnly' | 'errors' | 'dirty' | 'onEnter'>;

/** The job forms' grid: 24 columns, fine enough to give each field the width its values need. */
export const jobFormGrid = <V extends object>(o: GridInput<V>) =>
  fieldGrid<V>({ ...o, fieldLabel: jobFieldLabel, cellAttr: 'data-input', baseSpan: 24, keepUnknownChoice: true, shownMinHeight: 22 });

export type JobFormGrid = ReturnType<typeof jobFormGrid>;
export type Span = Parameters<JobFormGrid['text']>[1];

/**
 * Spec 2 section 5: a coordinator code offered from Settings > SVA coordinators fills the coordinator's
 * name, phones and e-mail, only when present; `clearWithoutCode` (a task) clears them with the code,
 * as the server does.
 */
export function useCoordinatorCode(set: JobFormGrid['set'], o: { clearWithoutCode?: boolean } = {}) {
  const coordinators = useCatalog(svaCoordinators);
  const rows = coordinators.data ?? [];
  const codes = [...new Set(rows.map((c) => str(c.coordinator_code)).filter(Boolean))];
  const setCode = (code: string) => {
    set('coordinator_code')(code);
    const fill = coordinatorFill(code, rows);
    if (fill) for (const [k, v] of Object.entries(fill)) set(k)(v);
    else if (o.clearWithoutCode && !code.trim()) for (const k of COORDINATOR_FIELDS) set(k)(null);
  };
  return { codes, setCode };
}

/** A text field offered with suggestions; any other value may be typed. */
export function suggestCell(
  grid: JobFormGrid,
  o: { values: object; errors?: Record<string, string>; readOnly?: boolean },
  name: string,
  data: readonly string[],
  span: Span,
  onPick: (v: string) => void = grid.set(name),
  placeholder?: string,
) {
  const values = o.values as Record<string, unknown>;
  return grid.cell(
    name,
    span,
    o.readOnly ? (
      grid.shown(name, str(values[name]))
    ) : (
      <Autocomplete size="xs" label={grid.label(name)} data={[...data]} value={str(values[name])} onChange={onPick} error={o.errors?.[name]} placeholder={placeholder} comboboxProps={{ withinPortal: true }} />
    ),
  );
}

/** What every job form takes: the values, the edit callbacks, and the days left the server counted. */
export interface JobFormProps extends RecordFormProps<JobValues> {
  /** Days left as the server counts them (shown, never edited). */
  days: { job: number | null; colour: 'red' | 'orange' | null; permit: number | null };
}

/** The coordinator's row of a job form: the code (picked from Settings or typed) fills the name, phones and e-mail. */
export function coordinatorCells(grid: ReturnType<typeof jobFormGrid<JobValues>>, suggest: (name: string, data: readonly string[], span: Span, onPick?: (v: string) => void, placeholder?: string) => ReactNode, coordinator: ReturnType<typeof useCoordinatorCode>, placeholder?: string) {
  const { codes, setCode } = coordinator;
  return (
    <>
      {suggest('coordinator_code', codes, { sm: 6, lg: 3 }, setCode, placeholder)}
      {grid.text('coordinator', { sm: 18, lg: 5 })}
      {grid.text('coord_phone1', { sm: 6, lg: 3 })}
      {grid.text('coord_phone2', { sm: 6, lg: 3 })}
      {grid.text('coordinator_email', { sm: 12, lg: 5 })}
    </>
  );
}
