import { Select } from '@mantine/core';
import { useOrderCustomers } from '../../api/customers';
import { customerChoices } from './formLogic';

interface Props {
  value: string | null;
  /** A customer of Settings picked (its id). */
  onPick: (customerRef: string) => void;
  saving?: boolean;
  label: string;
}

/** The order's customer from Settings > Customers; the server fills the customer name and billing fields from it. */
export function CustomerPicker({ value, onPick, saving, label }: Props) {
  const customers = useOrderCustomers();
  const data = customerChoices(customers.data, value);
  return (
    <Select
      size="xs"
      label={label}
      aria-label="Customer from Settings"
      placeholder={customers.isPending ? 'Loading customers...' : data.length ? 'Pick a customer' : 'No customers in Settings yet'}
      data={data}
      value={value}
      searchable
      nothingFoundMessage="No such customer"
      allowDeselect={false}
      disabled={saving}
      onChange={(v) => v && v !== value && onPick(v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
