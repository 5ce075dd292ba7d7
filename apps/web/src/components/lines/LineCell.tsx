import type { KeyboardEvent } from 'react';
import { ActionIcon, Autocomplete, Checkbox, Menu, NativeSelect, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { FieldSpec } from '@trenchline/domain';
import { parseTypedDate } from '../../lib/dates';
import { AmountInput } from '../record/AmountInput';
import { displayValue, inputValue, isNumeric } from './values';

interface Props {
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  readOnly?: boolean;
  error?: string;
  /** Enter in a one-line input: e.g. save the row. */
  onEnter?: () => void;
  label?: string;
}

/** One field of a line as an input chosen by its registry kind. */
export function LineCell({ field, value, onChange, readOnly, error, onEnter, label }: Props) {
  const aria = label ?? field.label;
  if (readOnly || field.readOnly) {
    if (label)
      return (
        <div>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{displayValue(field, value) || '—'}</Text>
        </div>
      );
    return (
      <span style={{ whiteSpace: field.kind === 'longtext' ? 'pre-wrap' : 'nowrap' }}>{displayValue(field, value)}</span>
    );
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && onEnter) {
      e.preventDefault();
      onEnter();
    }
  };
  const common = { size: 'xs' as const, error, 'aria-label': aria, label };
  switch (field.kind) {
    case 'flag':
      return (
        <Checkbox
          size="xs"
          aria-label={aria}
          label={label}
          checked={Boolean(inputValue(field, value))}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={error}
        />
      );
    case 'choice':
      return (
        <NativeSelect
          {...common}
          data={['', ...(field.choices ?? [])]}
          value={String(inputValue(field, value))}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          valueFormat="MM/DD/YYYY"
          dateParser={parseTypedDate}
          placeholder="mm/dd/yyyy"
          clearable
          value={(value as string | null) || null}
          onChange={(v) => onChange(v)}
          popoverProps={{ withinPortal: true }}
        />
      );
    case 'longtext':
      return (
        <Textarea
          {...common}
          autosize
          minRows={1}
          maxRows={6}
          value={String(inputValue(field, value))}
          onChange={(e) => onChange(e.currentTarget.value)}
          // A long text with choices (a work order's description) is offered them too: a pick fills it, any text may still be typed.
          rightSection={field.choices?.length ? <Suggestions choices={field.choices} label={aria} onPick={onChange} /> : undefined}
        />
      );
    default:
      // A text with choices is free text with suggestions (a work type): the list is offered, any value may be typed.
      if (field.kind === 'text' && field.choices?.length)
        return (
          <Autocomplete
            {...common}
            data={[...field.choices]}
            value={String(inputValue(field, value))}
            onChange={(v) => onChange(v)}
            comboboxProps={{ withinPortal: true }}
          />
        );
      if (isNumeric(field))
        return <AmountInput {...common} kind={field.kind as 'money' | 'number' | 'percent'} unit={field.unit} value={value} onChange={(text) => onChange(text)} onKeyDown={onKeyDown} />;
      return (
        <TextInput
          {...common}
          value={String(inputValue(field, value))}
          onChange={(e) => onChange(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
      );
  }
}

/** The suggestions of a long free text, in a menu beside it: picking one puts it in the text. */
function Suggestions({ choices, label, onPick }: { choices: readonly string[]; label: string; onPick: (value: string) => void }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" aria-label={`${label} suggestions`}>
          ▾
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {choices.map((c) => (
          <Menu.Item key={c} onClick={() => onPick(c)}>
            {c}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
