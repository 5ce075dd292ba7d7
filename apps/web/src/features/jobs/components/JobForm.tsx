import type { KeyboardEvent, ReactNode } from 'react';
import { Autocomplete, CheckIcon, ColorSwatch, Grid, Group, Input, NativeSelect, Text, Textarea, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { BASE_WORK_STATUSES, JOB_COLOURS, JOB_FORM_TYPES, jobColourBackground, svaCoordinators } from '@trenchline/domain';
import { DaysToDue } from '../../../components/table/DaysToDue';
import { parseTypedDate, showDate } from '../../../lib/dates';
import { showMoney } from '../../../lib/numbers';
import { useCatalog } from '../../settings/api/listCatalog';
import type { JobValues } from '../api/getJob';
import { jobFieldLabel } from '../fields';
import { coordinatorFill } from '../formLogic';

interface Props {
  values: JobValues;
  onChange?: (name: string, value: unknown) => void;
  readOnly?: boolean;
  errors?: Record<string, string>;
  /** Fields with unsaved edits, marked for the user. */
  dirty?: string[];
  /** Days left as the server counts them (shown, never edited). */
  days: { job: number | null; colour: 'red' | 'orange' | null; permit: number | null };
  crews?: string;
  /** Enter in a one-line field saves. */
  onEnter?: () => void;
}

/** 24 columns: fine enough to give each field the width its values need. */
type Span = { base?: number; sm?: number; lg?: number };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The job's fields in one dense grid: who and what; dates; coordinator; where; colour and texts. */
export function JobForm({ values, onChange, readOnly, errors = {}, dirty = [], days, crews, onEnter }: Props) {
  const coordinators = useCatalog(svaCoordinators);
  const label = (name: string) => (dirty.includes(name) ? `${jobFieldLabel(name)} •` : jobFieldLabel(name));
  const set = (name: string) => (v: unknown) => onChange?.(name, v);
  const enter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && onEnter) {
      e.preventDefault();
      onEnter();
    }
  };
  const cell = (name: string, span: Span, input: ReactNode) => (
    <Grid.Col span={{ base: 24, ...span }} data-input={name} data-dirty={dirty.includes(name) || undefined}>
      {input}
    </Grid.Col>
  );
  const text = (name: keyof JobValues, span: Span, shown?: (v: unknown) => string) =>
    cell(
      name,
      span,
      readOnly ? (
        <Shown label={jobFieldLabel(name)} value={shown ? shown(values[name]) : str(values[name])} />
      ) : (
        <TextInput
          size="xs"
          label={label(name)}
          value={str(values[name])}
          error={errors[name]}
          onChange={(e) => set(name)(e.currentTarget.value)}
          onKeyDown={enter}
          inputMode={shown ? 'decimal' : undefined}
          styles={shown ? { input: { textAlign: 'right' } } : undefined}
        />
      ),
    );
  const choice = (name: keyof JobValues, choices: readonly string[], span: Span) => {
    const current = str(values[name]);
    const data = current && !choices.includes(current) ? ['', current, ...choices] : ['', ...choices];
    return cell(
      name,
      span,
      readOnly ? (
        <Shown label={jobFieldLabel(name)} value={current} />
      ) : (
        <NativeSelect size="xs" label={label(name)} data={data} value={current} error={errors[name]} onChange={(e) => set(name)(e.currentTarget.value || null)} />
      ),
    );
  };
  const date = (name: keyof JobValues, span: Span) =>
    cell(
      name,
      span,
      readOnly ? (
        <Shown label={jobFieldLabel(name)} value={showDate(values[name])} />
      ) : (
        <DateInput
          size="xs"
          label={label(name)}
          valueFormat="MM/DD/YYYY"
          dateParser={parseTypedDate}
          placeholder="mm/dd/yyyy"
          clearable
          value={(values[name] as string | null) || null}
          error={errors[name]}
          onChange={(v) => set(name)(v)}
          popoverProps={{ withinPortal: true }}
        />
      ),
    );
  const long = (name: keyof JobValues, span: Span) =>
    cell(
      name,
      span,
      readOnly ? (
        <Shown label={jobFieldLabel(name)} value={str(values[name])} />
      ) : (
        <Textarea size="xs" label={label(name)} autosize minRows={1} maxRows={6} value={str(values[name])} error={errors[name]} onChange={(e) => set(name)(e.currentTarget.value)} />
      ),
    );
  const daysCell = (name: string, lbl: string, d: number | null, colour: 'red' | 'orange' | null, span: Span) =>
    cell(
      name,
      span,
      <Input.Wrapper size="xs" label={lbl} styles={readOnly ? { label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' } } : undefined}>
        <Group h={readOnly ? 22 : 30} gap={4} align="center" data-testid={name}>
          {d === null ? <Text size="xs" c="dimmed">—</Text> : <DaysToDue days={d} colour={colour} />}
        </Group>
      </Input.Wrapper>,
    );

  // Spec 2 section 5: a coordinator code fills the coordinator's name, phones and email, only when present.
  const coordinatorRows = coordinators.data ?? [];
  const codes = [...new Set(coordinatorRows.map((c) => str(c.coordinator_code)).filter(Boolean))];
  const setCode = (code: string) => {
    set('coordinator_code')(code);
    const fill = coordinatorFill(code, coordinatorRows);
    if (fill) for (const [k, v] of Object.entries(fill)) set(k)(v);
  };

  return (
    <Grid columnGap="xs" rowGap={4} columns={24}>
      {text('account_job_number', { sm: 6, lg: 2 })}
      {text('job_number', { sm: 6, lg: 3 })}
      {text('po_job_number', { sm: 6, lg: 3 })}
      {text('project_number', { sm: 6, lg: 3 })}
      {choice('form_type', JOB_FORM_TYPES, { sm: 6, lg: 2 })}
      {text('customer', { sm: 6, lg: 3 })}
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
      {daysCell('job_days_left', 'Days left', days.job, days.colour, { sm: 4, lg: 2 })}
      {date('task_completion', { sm: 8, lg: 3 })}
      {date('py_po_complete_date', { sm: 6, lg: 3 })}
      {date('billing_due_date', { sm: 6, lg: 3 })}
      {date('permit_expiration_date', { sm: 6, lg: 4 })}
      {daysCell('permit_days_left', 'Permit days', days.permit, null, { sm: 6, lg: 3 })}

      {cell(
        'coordinator_code',
        { sm: 6, lg: 3 },
        readOnly ? (
          <Shown label={jobFieldLabel('coordinator_code')} value={str(values.coordinator_code)} />
        ) : (
          <Autocomplete
            size="xs"
            label={label('coordinator_code')}
            data={codes}
            value={str(values.coordinator_code)}
            onChange={setCode}
            error={errors.coordinator_code}
            placeholder={codes.length ? 'Pick or type' : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        ),
      )}
      {text('coordinator', { sm: 18, lg: 5 })}
      {text('coord_phone1', { sm: 6, lg: 3 })}
      {text('coord_phone2', { sm: 6, lg: 3 })}
      {text('coordinator_email', { sm: 12, lg: 5 })}
      {cell(
        'crew_string',
        { sm: 24, lg: 5 },
        readOnly ? (
          <Shown label="Crews" value={crews ?? ''} />
        ) : (
          <Input.Wrapper size="xs" label="Crews">
            <Text size="xs" h={30} lh="30px" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={crews}>
              {crews || '—'}
            </Text>
          </Input.Wrapper>
        ),
      )}

      {text('address', { sm: 24, lg: 8 })}
      {text('city', { sm: 8, lg: 4 })}
      {text('county', { sm: 8, lg: 3 })}
      {text('crossroads', { sm: 8, lg: 9 })}

      {cell('colour', { lg: 10 }, <ColourPicker value={str(values.colour) || 'None'} onChange={set('colour')} readOnly={readOnly} dirty={dirty.includes('colour')} />)}
      {long('job_summary', { lg: 14 })}
      {long('description', { lg: 12 })}
      {long('summary_description', { lg: 12 })}
    </Grid>
  );
}

function Shown({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', minHeight: 22 }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The 17 colours as swatches (each the job list's row background); None is a dashed outline. */
function ColourPicker({ value, onChange, readOnly, dirty }: { value: string; onChange: (v: unknown) => void; readOnly?: boolean; dirty?: boolean }) {
  return (
    <Input.Wrapper size="xs" label={dirty ? 'Colour •' : 'Colour'} styles={readOnly ? { label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' } } : undefined}>
      <Group gap={4} mih={30} align="center" role="radiogroup" aria-label="Colour" wrap="wrap">
        {JOB_COLOURS.map((c) => {
          const bg = jobColourBackground(c);
          const checked = value === c;
          return (
            <Tooltip key={c} label={c} withArrow openDelay={300}>
              <UnstyledButton
                role="radio"
                aria-checked={checked}
                aria-label={c}
                disabled={readOnly}
                onClick={() => onChange(c)}
                style={{ borderRadius: '50%', cursor: readOnly ? 'default' : 'pointer' }}
              >
                <ColorSwatch
                  component="span"
                  color={bg ?? 'transparent'}
                  size={18}
                  withShadow={false}
                  style={{ border: bg ? undefined : '1px dashed var(--mantine-color-gray-5)', color: 'var(--mantine-color-dark-7)', outline: checked ? '2px solid var(--mantine-color-dark-4)' : undefined, outlineOffset: 1 }}
                >
                  {checked && <CheckIcon width={9} />}
                </ColorSwatch>
              </UnstyledButton>
            </Tooltip>
          );
        })}
        <Text size="xs" c="dimmed" ml={2}>
          {value}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
