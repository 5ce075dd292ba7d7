/**
 * A money field of a form: typed as people type it, shown '$1,250.50' away from the box. Its value is the
 * number read, rounded to the field's cents as the server keeps it ('' for none; unreadable text as typed,
 * which the box marks), so what the box shows is what is saved.
 */
import { AmountInput, type AmountInputProps } from './AmountInput';

export interface MoneyInputProps extends Omit<AmountInputProps, 'kind' | 'onChange'> {
  onChange: (value: number | string) => void;
  /** The decimals the field keeps (2: cents; a unit price 4). */
  decimals?: number;
}

const roundedTo = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

export function MoneyInput({ onChange, decimals = 2, ...props }: MoneyInputProps) {
  return <AmountInput kind="money" onChange={(text, read) => onChange(read.error ? text : read.value === null ? '' : roundedTo(read.value, decimals))} {...props} />;
}
