/**
 * Every money, quantity and percent box: it takes what people type ('1,250.50', '$18.50', ' 18.5 '),
 * reads it with the one parser (parseAmount) and says 'Type a number, e.g. 1,250.50' under any other
 * text; away from the box it shows the figure as the lists do ('$1,250.50', '1,250'), the unit beside it.
 */
import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { parseAmount, showMoney, showPercent, showQuantity, type ParsedAmount } from '../../lib/numbers';

export type AmountKind = 'money' | 'number' | 'percent';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  kind: AmountKind;
  /** The value held: a number, numeric text from the API, or the text as last typed. */
  value: unknown;
  /** The text as typed, and what it reads as. */
  onChange: (text: string, read: ParsedAmount) => void;
  /** Written beside the box ('ft', 'h'); a percent has '%'. */
  unit?: string;
}

const shown: Record<AmountKind, (v: unknown) => string> = {
  money: showMoney,
  number: (v) => showQuantity(v),
  // The '%' sits beside the box, so the figure is the points alone.
  percent: (v) => showPercent(v).replace(/%$/, ''),
};

/** The text of a value shown away from the box: the formatted figure, or unreadable text as typed. */
function shownText(kind: AmountKind, v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = String(v);
  const read = parseAmount(text);
  return read.error ? text : read.value === null ? '' : shown[kind](read.value);
}

export function AmountInput({ kind, value, onChange, unit, error, onFocus, onBlur, styles, ...rest }: AmountInputProps) {
  // While focused the box holds the text as typed, so a thousands comma or a trailing '.' is not rewritten under the
  // cursor; focusing keeps the shown figure ('$18.50' reads back as typed), so a click's or a tab's selection stays.
  const [draft, setDraft] = useState<string | null>(null);
  const display = draft ?? shownText(kind, value);
  const read = parseAmount(display);
  const side = kind === 'percent' ? '%' : unit;
  return (
    <TextInput
      size="xs"
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={display}
      error={error || read.error}
      rightSection={side}
      styles={styles ?? { input: { textAlign: 'right' } }}
      onFocus={(e) => {
        setDraft(shownText(kind, value));
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setDraft(null);
        onBlur?.(e);
      }}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setDraft(typed);
        onChange(typed, parseAmount(typed));
      }}
    />
  );
}
