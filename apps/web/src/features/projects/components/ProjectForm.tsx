import { Grid, Select } from '@mantine/core';
import { colourBackground, PROJECT_COLOURS, PROJECT_STATUSES, WORK_TYPES } from '@trenchline/domain';
import { ColourPicker, fieldGrid, str } from '../../../components/record/FieldGrid';
import { useCustomerCatalog } from '../api/listCustomers';
import type { ProjectValues } from '../api/types';
import { fieldLabel } from '../fields';
import { showMoney } from '../../../lib/numbers';
import { MoneyInput } from '../../../components/record/MoneyInput';

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

/** The project's fields in one dense grid: who and what, when and PO, where, colour and description. */
export function ProjectForm({ values, onChange, readOnly, errors = {}, dirty = [], daysLeft, onEnter }: Props) {
  const customers = useCustomerCatalog();
  const { label, set, enter, cell, shown, text, choice, date, long, daysCell } = fieldGrid({
    values,
    onChange,
    readOnly,
    errors,
    dirty,
    fieldLabel,
    onEnter,
    cellAttr: 'data-field',
  });

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
          shown('customer', current)
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
      {daysCell('project_days_left', 'Days left', daysLeft.days, daysLeft.colour, { base: 4, sm: 2, md: 1 }, 'days-left')}
      {text('po_number', { base: 8, sm: 4, md: 2 })}
      {date('po_date', { base: 6, sm: 3, md: 2 })}
      {cell(
        'po_amount',
        { base: 6, sm: 3, md: 3 },
        readOnly ? (
          shown('po_amount', showMoney(values.po_amount))
        ) : (
          <MoneyInput
            label={label('po_amount')}
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

      {cell('colour', { base: 12, md: 4 }, <ColourPicker value={str(values.colour) || 'None'} onChange={set('colour')} readOnly={readOnly} dirty={dirty.includes('colour')} colours={PROJECT_COLOURS} background={colourBackground} />)}
      {long('description', { base: 12, md: 8 })}
    </Grid>
  );
}
