import { Autocomplete, createTheme, DEFAULT_THEME, Fieldset, FileInput, MultiSelect, NativeSelect, Select, Table, TagsInput, Textarea, TextInput, type CSSVariablesResolver } from '@mantine/core';
import { DateInput, DatePickerInput, DateTimePicker } from '@mantine/dates';
import { readableOn } from '../lib/contrast';

/** Dense by default: office staff want many rows and fields on one screen. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // A user who asked the system for less motion gets no transitions (WCAG 2.3.3): modals, drawers and menus appear at once.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    TextInput: TextInput.extend({ defaultProps: { size: 'xs' } }),
    Textarea: Textarea.extend({ defaultProps: { size: 'xs' } }),
    NativeSelect: NativeSelect.extend({ defaultProps: { size: 'xs' } }),
    // Every input's clear button is named (axe: button-name), for screen readers and voice control.
    DateInput: DateInput.extend({ defaultProps: { size: 'xs', clearButtonProps: { 'aria-label': 'Clear date' } } }),
    DateTimePicker: DateTimePicker.extend({ defaultProps: { size: 'xs', clearButtonProps: { 'aria-label': 'Clear date and time' } } }),
    DatePickerInput: DatePickerInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear dates' } } }),
    Select: Select.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } }),
    MultiSelect: MultiSelect.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } }),
    Autocomplete: Autocomplete.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } }),
    TagsInput: TagsInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } }),
    FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear file' } } }),
    Fieldset: Fieldset.extend({ defaultProps: { radius: 'sm' } }),
    Table: Table.extend({ defaultProps: { fz: 'xs' } }),
  },
});

const WHITE = '#ffffff';
/** The grey of striped rows and of the page behind cards (gray 1). */
const STRIPE = DEFAULT_THEME.colors.gray[1];

/**
 * Mantine's default shades put white on blue 6 (3.5:1) and orange 9 on orange 1 (3.6:1): below WCAG AA.
 * Every palette colour's filled, outline and light-variant text is darkened only as far as it must be to
 * read on its background; dimmed notes likewise on the light grey of striped rows.
 */
export const readableColors: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(t.colors)) {
    const filled = readableOn(shades[6], WHITE);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = readableOn(shades[7], WHITE, 5);
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
    // Shades 7 to 9 are what screens pick for coloured words (c="red.8"): readable on striped grey and on the colour's own tint.
    for (const n of [7, 8, 9]) light[`--mantine-color-${name}-${n}`] = readableOn(readableOn(shades[n], STRIPE), shades[2]);
  }
  light['--mantine-color-anchor'] = readableOn(t.colors[t.primaryColor][6], STRIPE);
  light['--mantine-color-dimmed'] = readableOn(DEFAULT_THEME.colors.gray[6], STRIPE);
  light['--mantine-color-placeholder'] = light['--mantine-color-dimmed'];
  return { variables: {}, light, dark: {} };
};
