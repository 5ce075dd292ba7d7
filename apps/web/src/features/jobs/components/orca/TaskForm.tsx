import { Grid } from '@mantine/core';
import type { Line } from '@trenchline/domain';
import type { RecordFormProps } from '../../../../components/record/FieldGrid';
import { showMoney } from '../../../../lib/numbers';
import { jobFormGrid, suggestCell, useCoordinatorCode, type Span } from '../jobFormGrid';
import { orcaList } from './OrcaJobForm';

interface Props extends RecordFormProps<Line> {
  /** The fields the task collection declares: only those are shown (and sent). */
  fields: readonly string[];
}

/**
 * A task's fields in the job form's dense grid. The coordinator code fills the coordinator fields
 * from Settings > SVA coordinators (the server fills them too, and clears them with the code).
 */
export function TaskForm({ values, fields, onChange, readOnly, errors = {}, dirty = [], onEnter }: Props) {
  const grid = jobFormGrid({ values, onChange, readOnly, errors, dirty, onEnter });
  const { text, choice, date, long, set } = grid;
  const has = (name: string) => fields.includes(name);
  // The server clears the coordinator's fields when the code goes: shown at once.
  const { codes, setCode } = useCoordinatorCode(set, { clearWithoutCode: true });

  const t = (name: string, span: Span, show?: (v: unknown) => string) => (has(name) ? text(name, span, show) : null);
  const c = (name: string, span: Span) => (has(name) ? choice(name, orcaList(name), span) : null);
  const d = (name: string, span: Span) => (has(name) ? date(name, span) : null);
  const code = has('coordinator_code') ? suggestCell(grid, { values, errors, readOnly }, 'coordinator_code', codes, { sm: 6, lg: 3 }, setCode) : null;

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
