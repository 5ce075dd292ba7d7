/**
 * Locations and contacts: too many fields for a row, so a compact table lists them and an edit panel
 * (a drawer) edits one, with its own Save. Adding one shows a blank row at once, replaces it with
 * the server's record, and opens its panel.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, Drawer, Group, Loader, SimpleGrid, Table, Text } from '@mantine/core';
import type { CollectionDef, Line } from '@trenchline/domain';
import { useDeleteLine } from '../../../components/lines/api/deleteLine';
import { useSaveLine } from '../../../components/lines/api/saveLine';
import { LineCell } from '../../../components/lines/LineCell';
import { LineButtons, LineTable } from '../../../components/lines/LineTable';
import { changedValues, displayValue, editableFields, type Patch } from '../../../components/lines/values';
import { confirmAction } from '../../../lib/confirm';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { isPending, useAddProjectLine, type LineSegment } from '../api/addProjectLine';
import { projectKey } from '../api/types';

interface Props {
  def: CollectionDef;
  title: string;
  segment: LineSegment;
  projectId: string;
  rows: Line[];
  /** The fields the table shows (the panel edits them all). */
  columns: string[];
  /** Spec 1 section 8: 'Location successfully saved!', 'Contact successfully saved!'. */
  savedMessage: string;
  readOnly?: boolean;
}

export function LinePanelSection({ def, title, segment, projectId, rows, columns, savedMessage, readOnly }: Props) {
  const message = useMessage();
  const add = useAddProjectLine(def, projectId, segment);
  const remove = useDeleteLine(def, projectKey(projectId));
  const [editing, setEditing] = useState<string | null>(null);
  const noun = def.noun.toLowerCase();
  const shown = columns.map((name) => def.fields.find((f) => f.name === name)).filter((f) => f !== undefined);
  const line = rows.find((r) => r.id === editing) ?? null;

  // A line deleted elsewhere closes its panel.
  useEffect(() => {
    if (editing && !rows.some((r) => r.id === editing)) setEditing(null);
  }, [editing, rows]);

  const addOne = () =>
    add.mutate(undefined, {
      onSuccess: (created) => setEditing(created.id),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });

  const del = (row: Line) => {
    if (!confirmAction(`Sure you want to delete this ${def.noun}?`)) return;
    remove.mutate(row.id, {
      onSuccess: () => setEditing((id) => (id === row.id ? null : id)),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  return (
    <LineTable
      title={title}
      noun={noun}
      readOnly={readOnly}
      onAdd={addOne}
      adding={add.isPending}
      fields={shown}
      table={{ striped: true, highlightOnHover: true, withTableBorder: true, verticalSpacing: 3, horizontalSpacing: 6 }}
      empty={rows.length === 0}
      rows={rows.map((row) => {
        const pending = isPending(row);
        return (
          <Table.Tr
            key={row.id}
            data-line-id={pending ? undefined : row.id}
            data-pending={pending || undefined}
            onClick={() => !readOnly && !pending && setEditing(row.id)}
            style={{ cursor: readOnly || pending ? undefined : 'pointer' }}
          >
            {shown.map((f, i) => (
              <Table.Td key={f.name} style={{ maxWidth: f.kind === 'longtext' ? 260 : undefined, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {pending && i === 0 ? (
                  <Group gap={4} wrap="nowrap">
                    <Loader size={10} />
                    <Text span fz="xs" c="dimmed">
                      Adding...
                    </Text>
                  </Group>
                ) : (
                  displayValue(f, row[f.name])
                )}
              </Table.Td>
            ))}
            {!readOnly && (
              <Table.Td style={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                <LineButtons onDelete={() => del(row)} deleting={remove.isPending && remove.variables === row.id} disabled={pending}>
                  <Button size="compact-xs" variant="light" disabled={pending} onClick={() => setEditing(row.id)} aria-label={`Edit ${noun} ${String(row.name ?? '')}`.trim()}>
                    Edit
                  </Button>
                </LineButtons>
              </Table.Td>
            )}
          </Table.Tr>
        );
      })}
    >
      <LineDrawer key={line?.id ?? 'none'} def={def} line={line} projectId={projectId} savedMessage={savedMessage} onClose={() => setEditing(null)} />
    </LineTable>
  );
}

/** The edit panel of one line: every editable field, its own Save. */
function LineDrawer({ def, line, projectId, savedMessage, onClose }: { def: CollectionDef; line: Line | null; projectId: string; savedMessage: string; onClose: () => void }) {
  const message = useMessage();
  const save = useSaveLine(def, projectKey(projectId));
  const [patch, setPatch] = useState<Patch>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const values = line ? changedValues(def.fields, line, patch) : {};
  const dirty = Object.keys(values).length > 0;
  const stamps = def.fields.filter((f) => f.readOnly);

  const submit = () => {
    if (!line) return;
    if (!dirty) {
      onClose();
      return;
    }
    save.mutate(
      { id: line.id, values },
      {
        onSuccess: () => {
          setPatch({});
          setErrors({});
          message(savedMessage, 'success');
          onClose();
        },
        onError: (e) => {
          if (isApiError(e)) setErrors(e.fields);
          message(`Problem.  ${errorText(e)}`, 'error');
        },
      },
    );
  };

  const title = `${def.noun}${line?.name ? `: ${String(line.name)}` : ''}`;
  return (
    <Drawer opened={line !== null} onClose={onClose} position="right" size="md" title={title} padding="sm">
      {line && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
            {editableFields(def.fields).map((f) => (
              <div key={f.name} style={{ gridColumn: f.kind === 'longtext' || (f.width ?? 0) >= 200 ? 'span 2' : undefined }}>
                <LineCell
                  field={f}
                  label={f.label}
                  value={f.name in patch ? patch[f.name] : line[f.name]}
                  onChange={(v) => setPatch((p) => ({ ...p, [f.name]: v }))}
                  error={errors[f.name]}
                  onEnter={submit}
                />
              </div>
            ))}
          </SimpleGrid>
          {stamps.length > 0 && (
            <Group gap="xs" mt="xs">
              {stamps.map((f) =>
                line[f.name] ? (
                  <Badge key={f.name} size="sm" variant="light" color="gray">
                    {f.label} {displayValue(f, line[f.name])}
                  </Badge>
                ) : null,
              )}
            </Group>
          )}
          <Group justify="flex-end" gap="xs" mt="md">
            <Button size="xs" variant="default" onClick={onClose}>
              Close
            </Button>
            <Button size="xs" type="submit" loading={save.isPending} variant={dirty ? 'filled' : 'light'}>
              Save {def.noun.toLowerCase()}
            </Button>
          </Group>
        </form>
      )}
    </Drawer>
  );
}
