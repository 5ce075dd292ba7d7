import { Grid, Input, Text } from '@mantine/core';
import { BASE_DIVISIONS, BASE_WORK_STATUSES, customers, JOB_COLOURS, JOB_CUSTOMERS, JOB_FORM_TYPES, PERCENT_COMPLETE_BASE, jobColourBackground } from '@trenchline/domain';
import { ColourPicker, Shown, str } from '../../../components/record/FieldGrid';
import { showMoney } from '../../../lib/numbers';
import { useCatalog } from '../../settings';
import { coordinatorCells, jobFormGrid, suggestCell, useCoordinatorCode, type JobFormProps, type Span } from './jobFormGrid';

interface Props extends JobFormProps {
  crews?: string;
}

/** The job's fields in one dense grid (24 columns: fine enough to give each field the width its values need): who and what; dates; coordinator; where; colour and texts. */
export function JobForm({ values, onChange, readOnly, errors = {}, dirty = [], days, crews, onEnter }: Props) {
  // Settings > Customers (a lookup), live with the catalog.
  const customerCatalog = useCatalog(customers);
  const grid = jobFormGrid({ values, onChange, readOnly, errors, dirty, onEnter });
  const { set, cell, text, choice, date, long, daysCell } = grid;
  const coordinator = useCoordinatorCode(set);
  const { codes } = coordinator;

  // Spec 2 section 4's customers, then Settings' own; any other name may be typed.
  const customerNames = [...new Set([...JOB_CUSTOMERS, ...(customerCatalog.data ?? []).map((c) => str(c.name)).filter(Boolean)])];
  const suggest = (name: string, data: readonly string[], span: Span, onPick?: (v: string) => void, placeholder?: string) => suggestCell(grid, { values, errors, readOnly }, name, data, span, onPick, placeholder);

  return (
    <Grid columnGap="xs" rowGap={4} columns={24}>
      {text('account_job_number', { sm: 6, lg: 2 })}
      {text('job_number', { sm: 6, lg: 3 })}
      {text('po_job_number', { sm: 6, lg: 3 })}
      {text('project_number', { sm: 6, lg: 3 })}
      {choice('form_type', JOB_FORM_TYPES, { sm: 6, lg: 2 })}
      {suggest('customer', customerNames, { sm: 6, lg: 3 })}
      {choice('work_status', BASE_WORK_STATUSES, { sm: 6, lg: 4 })}
      {text('ticket_number', { sm: 6, lg: 4 })}

      {text('title', { sm: 24, lg: 9 })}
      {text('work_req_num', { sm: 8, lg: 3 })}
      {text('estimated_crew_payout', { sm: 8, lg: 3 }, showMoney)}
      {text('estimated_payout', { sm: 8, lg: 3 }, showMoney)}
      {text('bid_area', { sm: 12, lg: 3 })}
      {text('geo_loc', { sm: 12, lg: 3 })}

      {date('start_date', { sm: 6, lg: 3 })}
      {date('completion_date', { sm: 6, lg: 3 })}
      {daysCell('job_days_left', 'Days left', days.job, days.colour, { sm: 4, lg: 2 }, 'job_days_left', true)}
      {date('task_completion', { sm: 8, lg: 3 })}
      {date('py_po_complete_date', { sm: 6, lg: 3 })}
      {date('billing_due_date', { sm: 6, lg: 3 })}
      {date('permit_expiration_date', { sm: 6, lg: 4 })}
      {daysCell('permit_days_left', 'Permit days', days.permit, null, { sm: 6, lg: 3 }, 'permit_days_left', true)}

      {coordinatorCells(grid, suggest, coordinator, codes.length ? 'Pick or type' : undefined)}
      {cell(
        'crew_string',
        { sm: 24, lg: 5 },
        readOnly ? (
          <Shown label="Crews" value={crews ?? ''} minHeight={22} />
        ) : (
          <Input.Wrapper size="xs" label="Crews">
            <Text size="xs" h={30} lh="30px" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={crews}>
              {crews || '—'}
            </Text>
          </Input.Wrapper>
        ),
      )}

      {text('address', { sm: 24, lg: 6 })}
      {text('city', { sm: 8, lg: 4 })}
      {text('county', { sm: 8, lg: 3 })}
      {text('crossroads', { sm: 8, lg: 5 })}
      {choice('division', BASE_DIVISIONS, { sm: 12, lg: 3 })}
      {choice('percent_complete', PERCENT_COMPLETE_BASE, { sm: 12, lg: 3 })}

      {cell('colour', { lg: 10 }, <ColourPicker value={str(values.colour) || 'None'} onChange={set('colour')} readOnly={readOnly} dirty={dirty.includes('colour')} colours={JOB_COLOURS} background={jobColourBackground} dense />)}
      {long('job_summary', { lg: 14 })}
      {long('description', { lg: 12 })}
      {long('summary_description', { lg: 12 })}
    </Grid>
  );
}
