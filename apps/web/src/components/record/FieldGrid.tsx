import type { KeyboardEvent, ReactNode } from 'react';
import { CheckIcon, ColorSwatch, Grid, Group, Input, NativeSelect, Text, Textarea, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseTypedDate, showDate } from '../../lib/dates';
import { DaysToDue } from '../table/DaysToDue';

/** A cell's width per breakpoint, in the grid's columns. */
export type Span = { base?: number; xs?: number; sm?: number; md?: number; lg?: number };

export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A read-only label's look: plain and dimmed. */
const DIM_LABEL = { label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' } };

/** What every record form takes, from its editor (`formProps`) or read only as of a time: values, setter, errors, edited fields, Enter. */
export interface RecordFormProps<V> {
  values: V;
  onChange?: (name: string, value: unknown) => void;
  readOnly?: boolean;
  errors?: Record<string, string>;
  /** Fields with unsaved edits, marked for the user. */
  dirty?: string[];
  /** Enter in a one-line field saves. */
  onEnter?: () => void;
}

export interface FieldGridOptions<V> extends RecordFormProps<V> {
  fieldLabel: (name: string) => string;
  /** The attribute naming each cell's field, e.g. 'data-field'. */
  cellAttr: string;
  /** A cell's width below its smallest breakpoint (left to the span when unset). */
  baseSpan?: number;
  /** A choice whose value is not among the choices still offers it. */
  keepUnknownChoice?: boolean;
  /** The least height of a read-only value. */
  shownMinHeight?: number;
  /** Fields that must be filled: marked with an asterisk and aria-required (a New dialog's). */
  required?: readonly string[];
}

/**
 * A record form's field renderers over one dense grid (projects, jobs): each field's cell with its
 * label (marked when edited), its error and, read only, its value as text.
 */
export function fieldGrid<V extends object>(opts: FieldGridOptions<V>) {
  const { readOnly, errors = {}, dirty = [], fieldLabel, onEnter, required = [] } = opts;
  const must = (name: string) => required.includes(name);
  const values = opts.values as Record<string, unknown>;
  const label = (name: string) => (dirty.includes(name) ? `${fieldLabel(name)} •` : fieldLabel(name));
  const set = (name: string) => (v: unknown) => opts.onChange?.(name, v);
  const enter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && onEnter) {
      e.preventDefault();
      onEnter();
    }
  };
  const shown = (name: string, value: string) => <Shown label={fieldLabel(name)} value={value} minHeight={opts.shownMinHeight} />;
  const cell = (name: string, span: Span, input: ReactNode) => (
    <Grid.Col span={opts.baseSpan === undefined ? span : { base: opts.baseSpan, ...span }} {...{ [opts.cellAttr]: name }} data-dirty={dirty.includes(name) || undefined}>
      {input}
    </Grid.Col>
  );
  /** A one-line text field; `show` formats an amount (typed as decimal, right-aligned). */
  const text = (name: keyof V & string, span: Span, show?: (v: unknown) => string) =>
    cell(
      name,
      span,
      readOnly ? (
        shown(name, show ? show(values[name]) : str(values[name]))
      ) : (
        <TextInput
          size="xs"
          label={label(name)}
          withAsterisk={must(name)}
          aria-required={must(name) || undefined}
          value={str(values[name])}
          error={errors[name]}
          onChange={(e) => set(name)(e.currentTarget.value)}
          onKeyDown={enter}
          inputMode={show ? 'decimal' : undefined}
          styles={show ? { input: { textAlign: 'right' } } : undefined}
        />
      ),
    );
  const choice = (name: keyof V & string, choices: readonly string[], span: Span) => {
    const current = str(values[name]);
    const data = opts.keepUnknownChoice && current && !choices.includes(current) ? ['', current, ...choices] : ['', ...choices];
    return cell(
      name,
      span,
      readOnly ? (
        shown(name, current)
      ) : (
        <NativeSelect size="xs" label={label(name)} withAsterisk={must(name)} data={data} value={current} error={errors[name]} onChange={(e) => set(name)(e.currentTarget.value || null)} />
      ),
    );
  };
  const date = (name: keyof V & string, span: Span) =>
    cell(
      name,
      span,
      readOnly ? (
        shown(name, showDate(values[name]))
      ) : (
        <DateInput
          size="xs"
          label={label(name)}
          withAsterisk={must(name)}
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
  const long = (name: keyof V & string, span: Span) =>
    cell(
      name,
      span,
      readOnly ? (
        shown(name, str(values[name]))
      ) : (
        <Textarea size="xs" label={label(name)} withAsterisk={must(name)} autosize minRows={1} maxRows={6} value={str(values[name])} error={errors[name]} onChange={(e) => set(name)(e.currentTarget.value)} />
      ),
    );
  /** Days left as the server counts them (shown, never edited); `dimReadOnly` dims the label read only. */
  const daysCell = (name: string, lbl: string, d: number | null, colour: 'red' | 'orange' | null, span: Span, testId = name, dimReadOnly = false) =>
    cell(
      name,
      span,
      <Input.Wrapper size="xs" label={lbl} styles={dimReadOnly && readOnly ? DIM_LABEL : undefined}>
        <Group h={dimReadOnly && readOnly ? 22 : 30} gap={4} align="center" data-testid={testId}>
          {d === null ? <Text size="xs" c="dimmed">—</Text> : <DaysToDue days={d} colour={colour} />}
        </Group>
      </Input.Wrapper>,
    );
  return { label, set, enter, cell, shown, text, choice, date, long, daysCell };
}

/** A read-only field: its label and value as text. */
export function Shown({ label, value, minHeight }: { label: string; value: string; minHeight?: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', minHeight }}>
        {value || '—'}
      </Text>
    </div>
  );
}

interface ColourPickerProps {
  value: string;
  onChange: (v: unknown) => void;
  readOnly?: boolean;
  dirty?: boolean;
  /** The area's colours, in order. */
  colours: readonly string[];
  /** A colour's row background (none for None). */
  background: (colour: string) => string | null | undefined;
  /** Many small swatches wrapping over lines, the label dimmed read only (jobs); else fewer, larger ones. */
  dense?: boolean;
}

/** A record's colour as swatches (each the list's row background); None is a dashed outline. */
export function ColourPicker({ value, onChange, readOnly, dirty, colours, background, dense }: ColourPickerProps) {
  return (
    <Input.Wrapper size="xs" label={dirty ? 'Colour •' : 'Colour'} styles={dense && readOnly ? DIM_LABEL : undefined}>
      <Group gap={dense ? 4 : 6} mih={dense ? 30 : undefined} h={dense ? undefined : 30} align="center" role="radiogroup" aria-label="Colour" wrap={dense ? 'wrap' : undefined}>
        {colours.map((c) => {
          const bg = background(c);
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
                  size={dense ? 18 : 22}
                  withShadow={false}
                  style={{ border: bg ? undefined : '1px dashed var(--mantine-color-gray-5)', color: 'var(--mantine-color-dark-7)', outline: checked ? '2px solid var(--mantine-color-dark-4)' : undefined, outlineOffset: 1 }}
                >
                  {checked && <CheckIcon width={dense ? 9 : 10} />}
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
