/** A money field of a form: typed as people type it, shown '$1,250.50' away from the box. Its value is the number read ('' for none; unreadable text as typed, which the box marks). */
import { AmountInput, type AmountInputProps } from './AmountInput';

export interface MoneyInputProps extends Omit<AmountInputProps, 'kind' | 'onChange'> {
  onChange: (value: number | string) => void;
}

export function MoneyInput({ onChange, ...props }: MoneyInputProps) {
  return <AmountInput kind="money" onChange={(text, read) => onChange(read.error ? text : (read.value ?? ''))} {...props} />;
}
