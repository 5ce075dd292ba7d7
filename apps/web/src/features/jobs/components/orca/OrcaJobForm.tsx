import { Grid } from '@mantine/core';
import { dueColour, JOB_COLOURS, JOB_CUSTOMERS, JOB_FORM_TYPES, ORCA_LISTS, jobColourBackground } from '@trenchline/domain';
import { ColourPicker, str } from '../../../../components/record/FieldGrid';
import { showMoney } from '../../../../lib/numbers';
import type { JobValues } from '../../api/getJob';
import { coordinatorCells, jobFormGrid, suggestCell, useCoordinatorCode, type JobFormProps, type Span } from '../jobFormGrid';


/** An ORCA list (spec 2 section 4), by the job field it is offered for. */
export const orcaList = (field: string): readonly string[] => (ORCA_LISTS as Record<string, readonly string[] | undefined>)[field] ?? [];

/**
 * The ORCA job's fields in the base form's dense grid: who and what, dates, coordinator, and the
 * ORCA statuses, each a choice of its list ('NEED STATUS' first where the spec has it, and blank).
 */
export function OrcaJobForm({ values, onChange, readOnly, errors = {}, dirty = [], days, onEnter }: JobFormProps) {
  const grid = jobFormGrid({ values, onChange, readOnly, errors, dirty, onEnter });
  const { set, cell, text, choice, date, long, daysCell } = grid;
  const orca = (name: keyof JobValues & string, span: Span) => choice(name, orcaList(name), span);
  const coordinator = useCoordinatorCode(set);
  const suggest = (name: string, data: readonly string[], span: Span, onPick?: (v: string) => void) => suggestCell(grid, { values, errors, readOnly }, name, data, span, onPick);

  return (
    <Grid columnGap="xs" rowGap={4} columns={24}>
      {text('account_job_number', { sm: 6, lg: 2 })}
      {text('job_number', { sm: 6, lg: 2 })}
      {text('po_job_number', { sm: 6, lg: 3 })}
      {text('project_number', { sm: 6, lg: 3 })}
      {text('work_req_num', { sm: 6, lg: 3 })}
      {choice('form_type', JOB_FORM_TYPES, { sm: 6, lg: 2 })}
      {suggest('customer', JOB_CUSTOMERS, { sm: 6, lg: 3 })}
      {orca('work_status', { sm: 6, lg: 3 })}
      {orca('division', { sm: 6, lg: 3 })}

      {text('title', { sm: 24, lg: 10 })}
      {orca('work_type', { sm: 8, lg: 4 })}
      {orca('percent_complete', { sm: 8, lg: 2 })}
      {text('estimated_crew_payout', { sm: 8, lg: 4 }, showMoney)}
      {text('estimated_payout', { sm: 8, lg: 4 }, showMoney)}

      {date('start_date', { sm: 6, lg: 3 })}
      {date('completion_date', { sm: 6, lg: 3 })}
      {daysCell('job_days_left', 'Days left', days.job, days.colour, { sm: 4, lg: 2 }, 'job_days_left', true)}
      {date('py_po_complete_date', { sm: 6, lg: 3 })}
      {date('billing_due_date', { sm: 6, lg: 3 })}
      {date('permit_expiration_date', { sm: 6, lg: 4 })}
      {daysCell('permit_days_left', 'Permit days', days.permit, dueColour(days.permit), { sm: 6, lg: 3 }, 'permit_days_left', true)}

      {coordinatorCells(grid, suggest, coordinator)}

      {orca('invoice_status', { sm: 8, lg: 3 })}
      {orca('materials_status', { sm: 8, lg: 3 })}
      {orca('permit_status', { sm: 8, lg: 3 })}
      {orca('photo_status', { sm: 8, lg: 3 })}
      {orca('payout_status', { sm: 8, lg: 3 })}
      {orca('email_status', { sm: 8, lg: 3 })}
      {orca('pit_status', { sm: 8, lg: 3 })}
      {orca('mup', { sm: 8, lg: 3 })}
      {orca('pre_approval', { sm: 8, lg: 3 })}

      {cell('colour', { lg: 10 }, <ColourPicker value={str(values.colour) || 'None'} onChange={set('colour')} readOnly={readOnly} dirty={dirty.includes('colour')} colours={JOB_COLOURS} background={jobColourBackground} dense />)}
      {long('job_summary', { lg: 14 })}
    </Grid>
  );
}
