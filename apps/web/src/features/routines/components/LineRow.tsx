import { useState, type ReactNode } from 'react';
import { Button, Group, Loader, TextInput } from '@mantine/core';
import type { CollectionDef, Line } from '@trenchline/domain';
import { LineCell } from '../../../components/lines/LineCell';
import { changedValues, editableFields, type Patch } from '../../../components/lines/values';
import { isApiError } from '../../../lib/http';

export interface LineRowProps {
  def: CollectionDef;
  line: Line & { pending?: boolean };
  /** Saves the changed fields; a rejection keeps the edits (and shows the server's field errors unless silent). */
  onSave: (values: Record<string, unknown>) => Promise<unknown>;
  onDelete: () => void;
  /** Spec 1 section 8: a failed task save is kept silent. */
  silent?: boolean;
  /** Shown before the inputs (a tick box), after the inputs (who and when) and after the buttons (an add button). */
  before?: ReactNode;
  trailing?: ReactNode;
  after?: ReactNode;
  /** Field names to leave out (e.g. the tick box shown by `before`). */
  omit?: string[];
}

/**
 * One set or task as inputs from its collection's declared fields, with Save (or Enter) and Delete.
 * A row not yet answered by the server (the optimistic blank row) shows a loader instead.
 */
export function LineRow({ def, line, onSave, onDelete, silent, before, trailing, after, omit = [] }: LineRowProps) {
  const [patch, setPatch] = useState<Patch>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const fields = editableFields(def.fields).filter((f) => !omit.includes(f.name));
  const values = changedValues(fields, line, patch);
  const dirty = Object.keys(values).length > 0;
  const noun = def.noun;
  const who = noun.endsWith('set') ? 'Set' : 'Task';

  const save = async () => {
    if (!dirty || line.pending) return;
    setSaving(true);
    try {
      await onSave(values);
      setPatch({});
      setErrors({});
    } catch (e) {
      if (!silent && isApiError(e)) setErrors(e.fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-line-id={line.id} data-pending={line.pending ? 'true' : undefined} bg={dirty ? 'yellow.0' : undefined}>
      {before}
      {fields.map((f) => {
        const label = f.name === 'name' ? `${who} name` : `${who} ${f.label.toLowerCase()}`;
        const value = f.name in patch ? patch[f.name] : line[f.name];
        const onChange = (v: unknown) => setPatch((p) => ({ ...p, [f.name]: v }));
        return (
          <div key={f.name} style={{ flex: f.width ? `1 1 ${f.width}px` : '1 1 140px', minWidth: 80 }}>
            {f.kind === 'text' ? (
              <TextInput
                size="xs"
                aria-label={label}
                placeholder={label}
                value={value === null || value === undefined ? '' : String(value)}
                onChange={(e) => onChange(e.currentTarget.value)}
                onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void save())}
                readOnly={line.pending}
                error={errors[f.name]}
                fw={f.name === 'name' && who === 'Set' ? 600 : undefined}
              />
            ) : (
              <LineCell field={{ ...f, label }} value={value} onChange={onChange} readOnly={line.pending} error={errors[f.name]} onEnter={save} />
            )}
          </div>
        );
      })}
      {trailing}
      {line.pending ? (
        <Loader size="xs" mt={6} aria-label={`Saving new ${noun}`} />
      ) : (
        <Group gap={2} wrap="nowrap">
          <Button size="compact-xs" disabled={!dirty} loading={saving} onClick={save} aria-label={`Save ${noun}`}>
            Save
          </Button>
          <Button size="compact-xs" color="red" variant="subtle" onClick={onDelete} aria-label={`Delete ${noun}`}>
            Delete
          </Button>
          {after}
        </Group>
      )}
    </Group>
  );
}
