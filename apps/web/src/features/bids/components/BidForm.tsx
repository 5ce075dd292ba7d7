import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { LineCell } from '../../../components/lines/LineCell';
import type { Values } from '../../../components/record/formLogic';
import { BID_FORM_GROUPS } from '../fields';

interface Props {
  values: Values;
  onChange?: (name: string, value: unknown) => void;
  readOnly?: boolean;
  errors?: Record<string, string>;
  /** Enter in a one-line field saves. */
  onEnter?: () => void;
  /** Fields with unsaved edits, marked for the user. */
  dirty?: string[];
}

/** Every bid field, grouped; the same inputs as the line tables (dates, domain choice lists). */
export function BidForm({ values, onChange, readOnly, errors, onEnter, dirty = [] }: Props) {
  return (
    <Stack gap={6}>
      {BID_FORM_GROUPS.map((g) => (
        <Fieldset key={g.title} legend={g.title} p="xs" pt={2} variant="filled" styles={{ legend: { fontSize: 12, fontWeight: 700 } }}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: g.cols }} spacing="xs" verticalSpacing={4}>
            {g.fields.map((f) => (
              <div key={f.name} data-field={f.name} data-dirty={dirty.includes(f.name) || undefined}>
                <LineCell
                  field={f}
                  label={dirty.includes(f.name) ? `${f.label} •` : f.label}
                  value={values[f.name]}
                  onChange={(v) => onChange?.(f.name, v)}
                  readOnly={readOnly}
                  error={errors?.[f.name]}
                  onEnter={onEnter}
                />
              </div>
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}
