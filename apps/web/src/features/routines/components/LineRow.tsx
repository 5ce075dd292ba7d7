import type { ReactNode } from 'react';
import { Button, Group, Loader, TextInput } from '@mantine/core';
import type { CollectionDef, Line } from '@trenchline/domain';
import { isPending } from '../../../components/lines/api/addPendingLine';
import { LineCell } from '../../../components/lines/LineCell';
import { usePatchEdit } from '../../../components/lines/usePatchEdits';
import { editableFields } from '../../../components/lines/values';
import { ConflictModal } from '../../../components/record/ConflictPanel';

export interface LineRowProps {
  def: CollectionDef;
  line: Line;
  /** Saves the changed fields from the line's version; a rejection keeps the edits (and shows the server's field errors unless silent). */
  onSave: (values: Record<string, unknown>, version: number | undefined) => Promise<unknown>;
  /** A failure other than a conflict or a deleted line. */
  onFailed?: (e: unknown) => void;
  /** The record is behind (a line deleted, edits discarded): fetch it again. */
  onStale: () => void;
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
 * One set or task as inputs from its collection's declared fields, with Save (or Enter) and Delete;
 * a field someone else changed too since the user began opens the conflict choice.
 * A row not yet answered by the server (the optimistic blank row) shows a loader instead.
 */
export function LineRow({ def, line, onSave, onFailed, onStale, onDelete, silent, before, trailing, after, omit = [] }: LineRowProps) {
  const fields = editableFields(def.fields).filter((f) => !omit.includes(f.name));
  const edit = usePatchEdit(line, { fields, save: (_row, values, version) => onSave(values, version), onFailed, refresh: onStale });
  const { patch, dirty } = edit;
  const errors = silent ? {} : edit.errors;
  const noun = def.noun;
  const who = noun.endsWith('set') ? 'Set' : 'Task';
  // A line the server has not answered yet (shown at once by the add) cannot be edited.
  const pending = isPending(line);
  const save = () => void (dirty && !pending && edit.save());

  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-line-id={line.id} data-pending={pending ? 'true' : undefined} bg={dirty ? 'yellow.0' : undefined}>
      {before}
      {fields.map((f) => {
        const label = f.name === 'name' ? `${who} name` : `${who} ${f.label.toLowerCase()}`;
        const value = f.name in patch ? patch[f.name] : line[f.name];
        const onChange = (v: unknown) => edit.setField(f.name, v);
        return (
          <div key={f.name} style={{ flex: f.width ? `1 1 ${f.width}px` : '1 1 140px', minWidth: 80 }}>
            {f.kind === 'text' ? (
              <TextInput
                size="xs"
                aria-label={label}
                placeholder={label}
                value={value === null || value === undefined ? '' : String(value)}
                onChange={(e) => onChange(e.currentTarget.value)}
                onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), save())}
                readOnly={pending}
                error={errors[f.name]}
                fw={f.name === 'name' && who === 'Set' ? 600 : undefined}
              />
            ) : (
              <LineCell field={{ ...f, label }} value={value} onChange={onChange} readOnly={pending} error={errors[f.name]} onEnter={save} />
            )}
          </div>
        );
      })}
      {trailing}
      {pending ? (
        <Loader size="xs" mt={6} aria-label={`Saving new ${noun}`} />
      ) : (
        <Group gap={2} wrap="nowrap">
          <Button size="compact-xs" disabled={!dirty} loading={edit.saving} onClick={save} aria-label={`Save ${noun}`}>
            Save
          </Button>
          <Button size="compact-xs" color="red" variant="subtle" onClick={onDelete} aria-label={`Delete ${noun}`}>
            Delete
          </Button>
          {after}
        </Group>
      )}
      <ConflictModal {...edit.panel} noun={noun.toLowerCase()} />
    </Group>
  );
}
