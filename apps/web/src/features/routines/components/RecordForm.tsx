import { SimpleGrid } from '@mantine/core';
import type { FieldSpec, Line } from '@trenchline/domain';
import { LineCell } from '../../../components/lines/LineCell';
import type { Patch } from '../../../components/lines/values';

interface Props {
  fields: FieldSpec[];
  record: Line;
  patch: Patch;
  onChange: (field: string, value: unknown) => void;
  errors?: Record<string, string>;
  onEnter?: () => void;
  readOnly?: boolean;
}

/** A record's own fields as labelled inputs, two to a row; long text spans the row. */
export function RecordForm({ fields, record, patch, onChange, errors, onEnter, readOnly }: Props) {
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
      {fields.map((f) => (
        <div key={f.name} style={f.kind === 'longtext' ? { gridColumn: '1 / -1' } : undefined}>
          <LineCell
            field={f}
            label={f.label}
            value={f.name in patch ? patch[f.name] : record[f.name]}
            onChange={(v) => onChange(f.name, v)}
            error={errors?.[f.name]}
            onEnter={onEnter}
            readOnly={readOnly}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
