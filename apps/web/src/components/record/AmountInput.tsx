/**
 * Every money, quantity and percent box: it takes what people type ('1,250.50', '$18.50', ' 18.5 '),
 * reads it with the one parser (parseAmount) and says 'Type a number, e.g. 1,250.50' under any other
 * text; away from the box it shows the figure as the lists do ('$1,250.50', '1,250'), the unit beside it.
 */
import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { editableAmount, parseAmount, showMoney, showPercent, showQuantity, type ParsedAmount } from '../../lib/numbers';

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

/** The text of a value before it is edited: a number as plain digits, typed text as typed. */
const draftOf = (v: unknown) => (typeof v === 'number' ? editableAmount(v) : v === null || v === undefined ? '' : String(v));

export function AmountInput({ kind, value, onChange, unit, error, onFocus, onBlur, styles, ...rest }: AmountInputProps) {
  // While focused the box holds the typed text, so a thousands comma or a trailing '.' is not rewritten under the cursor.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? draftOf(value);
  const read = parseAmount(text);
  const display = draft !== null || read.error ? text : read.value === null ? '' : shown[kind](read.value);
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
        setDraft(draftOf(value));
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
