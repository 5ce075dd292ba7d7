import { createTheme, Fieldset, NativeSelect, Table, Textarea, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';

/** Dense by default: office staff want many rows and fields on one screen. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    TextInput: TextInput.extend({ defaultProps: { size: 'xs' } }),
    Textarea: Textarea.extend({ defaultProps: { size: 'xs' } }),
    NativeSelect: NativeSelect.extend({ defaultProps: { size: 'xs' } }),
    DateInput: DateInput.extend({ defaultProps: { size: 'xs' } }),
    DateTimePicker: DateTimePicker.extend({ defaultProps: { size: 'xs' } }),
    Fieldset: Fieldset.extend({ defaultProps: { radius: 'sm' } }),
    Table: Table.extend({ defaultProps: { fz: 'xs' } }),
  },
});
