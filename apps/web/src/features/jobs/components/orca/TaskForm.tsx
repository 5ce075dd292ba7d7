import { Autocomplete, Grid } from '@mantine/core';
import { svaCoordinators, type Line } from '@trenchline/domain';
import { fieldGrid, str } from '../../../../components/record/FieldGrid';
import { showMoney } from '../../../../lib/numbers';
import { useCatalog } from '../../../settings';
import { jobFieldLabel } from '../../fields';
import { COORDINATOR_FIELDS, coordinatorFill } from '../../formLogic';
import { orcaList } from './OrcaJobForm';

interface Props {
  values: Line;
  /** The fields the task collection declares: only those are shown (and sent). */
  fields: readonly string[];
  onChange?: (name: string, value: unknown) => void;
  readOnly?: boolean;
  errors?: Record<string, string>;
  dirty?: string[];
  onEnter?: () => void;
}

type Span = { sm?: number; lg?: number };

/**
 * A task's fields in the job form's dense grid. The coordinator code fills the coordinator fields
 * from Settings > SVA coordinators (the server fills them too, and clears them with the code).
 */
export function TaskForm({ values, fields, onChange, readOnly, errors = {}, dirty = [], onEnter }: Props) {
  const coordinators = useCatalog(svaCoordinators);
  const { label, set, cell, shown, text, choice, date, long } = fieldGrid({
    values,
    onChange,
    readOnly,
    errors,
    dirty,
    fieldLabel: jobFieldLabel,
    onEnter,
    cellAttr: 'data-input',
    baseSpan: 24,
    keepUnknownChoice: true,
    shownMinHeight: 22,
  });
  const has = (name: string) => fields.includes(name);
  const rows = coordinators.data ?? [];
  const codes = [...new Set(rows.map((c) => str(c.coordinator_code)).filter(Boolean))];
  const setCode = (code: string) => {
    set('coordinator_code')(code);
    const fill = coordinatorFill(code, rows);
    if (fill) for (const [k, v] of Object.entries(fill)) set(k)(v);
    // The server clears them when the code goes: shown at once.
    else if (!code.trim()) for (const k of COORDINATOR_FIELDS) set(k)(null);
  };

  const t = (name: string, span: Span, show?: (v: unknown) => string) => (has(name) ? text(name, span, show) : null);
  const c = (name: string, span: Span) => (has(name) ? choice(name, orcaList(name), span) : null);
  const d = (name: string, span: Span) => (has(name) ? date(name, span) : null);
  const code = has('coordinator_code')
    ? cell(
        'coordinator_code',
        { sm: 6, lg: 3 },
        readOnly ? (
          shown('coordinator_code', str(values.coordinator_code))
        ) : (
          <Autocomplete size="xs" label={label('coordinator_code')} data={codes} value={str(values.coordinator_code)} onChange={setCode} error={errors.coordinator_code} comboboxProps={{ withinPortal: true }} />
        ),
      )
    : null;

  return (
    <Grid columnGap="xs" rowGap={4} columns={24}>
      {t('task_id', { sm: 4, lg: 2 })}
      {t('title', { sm: 20, lg: 8 })}
      {t('project_number', { sm: 8, lg: 3 })}
      {t('work_req_num', { sm: 8, lg: 3 })}
      {c('work_status', { sm: 8, lg: 3 })}
      {c('work_type', { sm: 8, lg: 3 })}
      {c('division', { sm: 8, lg: 2 })}

      {d('due_date', { sm: 6, lg: 3 })}
      {d('py_po_complete_date', { sm: 6, lg: 3 })}
      {d('billing_due_date', { sm: 6, lg: 3 })}
      {d('task_permit_expiration_date', { sm: 6, lg: 3 })}
      {t('estimated_crew_payout', { sm: 8, lg: 3 }, showMoney)}
      {c('percent_complete', { sm: 8, lg: 2 })}

      {code}
      {t('coordinator', { sm: 18, lg: 5 })}
      {t('coord_phone1', { sm: 6, lg: 3 })}
      {t('coord_phone2', { sm: 6, lg: 3 })}
      {t('coordinator_email', { sm: 12, lg: 5 })}

      {c('invoice_status', { sm: 8, lg: 3 })}
      {c('materials_status', { sm: 8, lg: 3 })}
      {c('permit_status', { sm: 8, lg: 3 })}
      {c('photo_status', { sm: 8, lg: 3 })}
      {c('payout_status', { sm: 8, lg: 3 })}
      {c('email_status', { sm: 8, lg: 3 })}
      {c('pit_status', { sm: 8, lg: 2 })}
      {c('mup', { sm: 8, lg: 2 })}
      {c('pre_approval', { sm: 8, lg: 2 })}
      {has('description') ? long('description', { lg: 24 }) : null}
    </Grid>
  );
}
