import type { KeyboardEvent, ReactNode } from 'react';
import { CheckIcon, ColorSwatch, Grid, Group, Input, NativeSelect, NumberInput, Select, Text, Textarea, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { colourBackground, PROJECT_COLOURS, PROJECT_STATUSES, WORK_TYPES } from '@trenchline/domain';
import { parseTypedDate, showDate } from '../../../lib/dates';
import { useCustomerCatalog } from '../api/listCustomers';
import type { ProjectValues } from '../api/types';
import { fieldLabel } from '../fields';
import { showMoney } from '../../../lib/numbers';
import { DaysToDue } from '../../../components/table/DaysToDue';

interface Props {
  values: ProjectValues;
  onChange?: (name: string, value: unknown) => void;
  readOnly?: boolean;
  errors?: Record<string, string>;
  /** Fields with unsaved edits, marked for the user. */
  dirty?: string[];
  /** Days left as the server counts them (shown, never edited). */
  daysLeft: { days: number | null; colour: 'red' | 'orange' | null };
  /** Enter in a one-line field saves. */
  onEnter?: () => void;
}

type Span = { base?: number; xs?: number; sm?: number; md?: number; lg?: number };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The project's fields in one dense grid: who and what, when and PO, where, colour and description. */
export function ProjectForm({ values, onChange, readOnly, errors = {}, dirty = [], daysLeft, onEnter }: Props) {
  const customers = useCustomerCatalog();
  const label = (name: string) => (dirty.includes(name) ? `${fieldLabel(name)} •` : fieldLabel(name));
  const set = (name: string) => (v: unknown) => onChange?.(name, v);
  const enter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && onEnter) {
      e.preventDefault();
      onEnter();
    }
  };
  const cell = (name: string, span: Span, input: ReactNode) => (
    <Grid.Col span={span} data-field={name} data-dirty={dirty.includes(name) || undefined}>
      {input}
    </Grid.Col>
  );
  const text = (name: keyof ProjectValues, span: Span) =>
    cell(
      name,
      span,
      readOnly ? (
        <Shown label={fieldLabel(name)} value={str(values[name])} />
      ) : (
        <TextInput size="xs" label={label(name)} value={str(values[name])} error={errors[name]} onChange={(e) => set(name)(e.currentTarget.value)} onKeyDown={enter} />
      ),
    );
  const choice = (name: keyof ProjectValues, choices: readonly string[], span: Span) =>
    cell(
      name,
      span,
      readOnly ? (
        <Shown label={fieldLabel(name)} value={str(values[name])} />
      ) : (
        <NativeSelect size="xs" label={label(name)} data={['', ...choices]} value={str(values[name])} error={errors[name]} onChange={(e) => set(name)(e.currentTarget.value || null)} />
      ),
    );
  const date = (name: keyof ProjectValues, span: Span) =>
    cell(
      name,
      span,
      readOnly ? (
        <Shown label={fieldLabel(name)} value={showDate(values[name])} />
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

  // The customer picker offers Settings > Customers; a name no longer there still shows.
  const names = (customers.data ?? []).map((c) => String(c.name ?? '')).filter(Boolean);
  const current = str(values.customer);
  const customerData = current && !names.includes(current) ? [current, ...names] : names;

  return (
    <Grid columnGap="xs" rowGap={4} columns={12}>
      {text('name', { base: 12, sm: 6, md: 4 })}
      {cell(
        'customer',
        { base: 12, sm: 6, md: 3 },
        readOnly ? (
          <Shown label="Customer" value={current} />
        ) : (
          <Select
            size="xs"
            label={label('customer')}
            placeholder={customers.isPending ? 'Loading customers...' : names.length ? 'Pick a customer' : 'No customers in Settings yet'}
            data={customerData}
            value={current || null}
            onChange={(v) => set('customer')(v)}
            searchable
            clearable
            nothingFoundMessage="Not in Settings > Customers"
            error={errors.customer}
            comboboxProps={{ withinPortal: true }}
          />
        ),
      )}
      {choice('status', PROJECT_STATUSES, { base: 6, sm: 3, md: 2 })}
      {choice('work_type', WORK_TYPES, { base: 6, sm: 3, md: 3 })}

      {date('start_date', { base: 6, sm: 3, md: 2 })}
      {date('due_date', { base: 6, sm: 3, md: 2 })}
      {cell(
        'project_days_left',
        { base: 4, sm: 2, md: 1 },
        <Input.Wrapper size="xs" label="Days left">
          <Group h={30} gap={4} align="center" data-testid="days-left">
            {daysLeft.days === null ? <Text size="xs" c="dimmed">—</Text> : <DaysToDue days={daysLeft.days} colour={daysLeft.colour} />}
          </Group>
        </Input.Wrapper>,
      )}
      {text('po_number', { base: 8, sm: 4, md: 2 })}
      {date('po_date', { base: 6, sm: 3, md: 2 })}
      {cell(
        'po_amount',
        { base: 6, sm: 3, md: 3 },
        readOnly ? (
          <Shown label="PO amount" value={showMoney(values.po_amount)} />
        ) : (
          <NumberInput
            size="xs"
            label={label('po_amount')}
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            fixedDecimalScale
            hideControls
            min={0}
            value={values.po_amount ?? ''}
            error={errors.po_amount}
            onChange={(v) => set('po_amount')(v === '' ? null : v)}
            onKeyDown={enter}
            styles={{ input: { textAlign: 'right' } }}
          />
        ),
      )}

      {text('address', { base: 12, sm: 6, md: 4 })}
      {text('city', { base: 6, sm: 3, md: 3 })}
      {text('county', { base: 6, sm: 3, md: 2 })}
      {text('state', { base: 6, sm: 3, md: 1 })}
      {text('zip', { base: 6, sm: 3, md: 2 })}

      {cell('colour', { base: 12, md: 4 }, <ColourPicker value={str(values.colour) || 'None'} onChange={set('colour')} readOnly={readOnly} dirty={dirty.includes('colour')} />)}
      {cell(
        'description',
        { base: 12, md: 8 },
        readOnly ? (
          <Shown label="Description" value={str(values.description)} />
        ) : (
          <Textarea size="xs" label={label('description')} autosize minRows={1} maxRows={6} value={str(values.description)} error={errors.description} onChange={(e) => set('description')(e.currentTarget.value)} />
        ),
      )}
    </Grid>
  );
}

function Shown({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The project's colour as swatches (each the list's row background); None is a plain outline. */
function ColourPicker({ value, onChange, readOnly, dirty }: { value: string; onChange: (v: unknown) => void; readOnly?: boolean; dirty?: boolean }) {
  return (
    <Input.Wrapper size="xs" label={dirty ? 'Colour •' : 'Colour'}>
      <Group gap={6} h={30} align="center" role="radiogroup" aria-label="Colour">
        {PROJECT_COLOURS.map((c) => {
          const bg = colourBackground(c);
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
                  size={22}
                  withShadow={false}
                  style={{ border: bg ? undefined : '1px dashed var(--mantine-color-gray-5)', color: 'var(--mantine-color-dark-7)', outline: checked ? '2px solid var(--mantine-color-dark-4)' : undefined, outlineOffset: 1 }}
                >
                  {checked && <CheckIcon width={10} />}
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
