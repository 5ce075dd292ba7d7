/** A money field as every form shows it: dollars, thousands separated, two decimals, no spinner, not below 0 unless told. */
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function MoneyInput(props: NumberInputProps) {
  return <NumberInput size="xs" prefix="$" thousandSeparator="," decimalScale={2} fixedDecimalScale hideControls min={0} {...props} />;
}
