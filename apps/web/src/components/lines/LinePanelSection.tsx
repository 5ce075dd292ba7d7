/**
 * A record's lines as a compact table, each line edited in a panel (a drawer) with its own Save:
 * for lines with more fields than fit a row (a project's locations and contacts, every job
 * collection). Adding one shows a blank row at once, replaces it with the server's line and opens
 * its panel. A row can carry its own buttons (a work order's PDF) and open, under itself, what
 * belongs to it (a timesheet's timecards, a damage report's photos).
 */
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Drawer, Group, Loader, SimpleGrid, Table, Text } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef, FieldSpec, Line } from '@trenchline/domain';
import { confirmAction } from '../../lib/confirm';
import { errorText } from '../../lib/http';
import { ConflictPanel } from '../record/ConflictPanel';
import { useMessage } from '../../lib/messages';
import { isPending, useAddPendingLine } from './api/addPendingLine';
import { useDeleteLine } from './api/deleteLine';
import { isQueued, KEPT_MESSAGE } from '../../lib/offline/queuedWrite';
import { useSaveLine } from './api/saveLine';
import { LineCell } from './LineCell';
import { LineButtons, LineTable } from './LineTable';
import { usePatchEdits } from './usePatchEdits';
import { displayValue, editableFields, isNumeric } from './values';
import { ModalButtons } from '../record/ModalButtons';
import { useCan } from '../../features/auth';

/** A column that is not a field of the line: e.g. a segment's % complete from the record's roll-ups. */
export interface ExtraColumn {
  key: string;
  label: string;
  render: (row: Line) => ReactNode;
  numeric?: boolean;
}

export interface LinePanelProps {
  def: CollectionDef;
  title: string;
  rows: Line[];
  /** The id in the list path: the record's, or the parent line's for a line of a line. */
  parentId: string;
  /** The record's query key (its detail), refetched after every write. */
  recordKey: QueryKey;
  /** Where the detail holds these lines (e.g. 'locations', 'job_timecards'). */
  detailKey: string;
  /** The fields the table shows (the panel edits them all); default: every field. */
  columns?: string[];
  extraColumns?: ExtraColumn[];
  /** Sent with the add (and put on the blank row meanwhile), e.g. { project: id }. */
  addValues?: Record<string, unknown>;
  /** E.g. 'Location successfully saved!' (spec 1 section 8), 'Materials successfully saved!' (spec 2). */
  savedMessage: string;
  /** Shown after a delete, e.g. 'Work Order successfully deleted'; none by default. */
  deletedMessage?: string;
  /** The delete confirmation; default 'Sure you want to delete this {noun}?'. */
  confirmText?: string;
  readOnly?: boolean;
  /** Buttons of a row, before Edit. */
  rowActions?: (row: Line) => ReactNode;
  /** What opens under a row: its own lines. `count` labels the toggle. */
  expand?: { label: string; count: (row: Line) => number; render: (row: Line) => ReactNode };
  /** Under the title, before the table (a total, a form). */
  header?: ReactNode;
  /** A smaller heading for a line of a line. */
  nested?: boolean;
  /** The Add button (false when `header` adds lines its own way). */
  canAdd?: boolean;
  /** A warning a write's answer carries (a production where the locates have expired): said in yellow, never blocking. */
  warningOf?: (answer: Record<string, unknown>) => string | null | undefined;
}

/** The fields a role is shown as columns: without the money ones when it sees no money. */
export const seenFields = (fields: FieldSpec[], seesMoney: boolean) => (seesMoney ? fields : fields.filter((f) => f.kind !== 'money'));

const fieldsOf = (def: CollectionDef, columns?: string[]) =>
  columns ? columns.map((name) => def.fields.find((f) => f.name === name)).filter((f): f is FieldSpec => f !== undefined) : def.fields;

export function LinePanelSection({ def, title, rows, parentId, recordKey, detailKey, columns, extraColumns = [], addValues, savedMessage, deletedMessage, confirmText, readOnly: shownReadOnly, rowActions, expand, header, nested, canAdd = true, warningOf }: LinePanelProps) {
  const message = useMessage();
  const can = useCan();
  // Lines the role does not write (a job's office lines to a field user, anything to an auditor) are shown, not offered.
  const readOnly = shownReadOnly || !can({ writeLines: def.name });
  const add = useAddPendingLine(def, parentId, recordKey, detailKey, addValues);
  const remove = useDeleteLine(def, recordKey);
  const [editing, setEditing] = useState<string | null>(null);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  // 'Material' reads 'material' in a sentence; 'IWA' stays 'IWA'.
  const noun = def.noun === def.noun.toUpperCase() ? def.noun : def.noun.toLowerCase();
  // A money column is left out for a role whose answers carry none (docs/roles.md "Money"), not shown empty.
  const shown = seenFields(fieldsOf(def, columns), can('see money'));
  const line = rows.find((r) => r.id === editing) ?? null;
  const colCount = shown.length + extraColumns.length + (readOnly && !expand ? 0 : 1);

  // A line deleted elsewhere closes its panel; one just added may open before the rows show it (an add kept offline answers at once).
  const shownLine = useRef<string | null>(null);
  useEffect(() => {
    if (!editing) return;
    if (rows.some((r) => r.id === editing)) shownLine.current = editing;
    else if (shownLine.current === editing) setEditing(null);
  }, [editing, rows]);

  const addOne = () =>
    add.mutate(undefined, {
      onSuccess: (created) => {
        setEditing(created.id);
        const warning = warningOf?.(created);
        if (warning) message(warning, 'warning');
      },
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });

  const del = (row: Line) => {
    if (!confirmAction(confirmText ?? `Sure you want to delete this ${noun}?`)) return;
    remove.mutate(row.id, {
      onSuccess: () => {
        setEditing((id) => (id === row.id ? null : id));
        if (deletedMessage) message(deletedMessage, 'success');
      },
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });
  };

  const labelOf = (row: Line) => String(row[shown[0]?.name ?? 'id'] ?? '').trim();

  return (
    <LineTable
      title={title}
      noun={noun}
      readOnly={readOnly}
      onAdd={addOne}
      adding={add.isPending}
      fields={[...shown, ...extraColumns.map((c) => ({ name: c.key, label: c.label, kind: c.numeric ? ('number' as const) : ('text' as const) }))]}
      table={{ striped: !expand, highlightOnHover: true, withTableBorder: true, verticalSpacing: 2, horizontalSpacing: 6 }}
      empty={rows.length === 0}
      nested={nested}
      canAdd={canAdd}
      header={header}
      buttonsColumn={!readOnly || Boolean(expand)}
      rows={rows.map((row) => {
        const pending = isPending(row);
        const expanded = Boolean(expand && open[row.id]);
        return (
          <Fragment key={row.id}>
            <Table.Tr
              data-line-id={pending ? undefined : row.id}
              data-pending={pending || undefined}
              onClick={() => !readOnly && !pending && setEditing(row.id)}
              style={{ cursor: readOnly || pending ? undefined : 'pointer' }}
            >
              {shown.map((f, i) => (
                <Table.Td
                  key={f.name}
                  style={{ maxWidth: f.kind === 'longtext' ? 320 : (f.width ?? 220), overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: isNumeric(f) ? 'right' : undefined }}
                  title={f.kind === 'longtext' || f.kind === 'text' ? displayValue(f, row[f.name]) : undefined}
                >
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
              {extraColumns.map((c) => (
                <Table.Td key={c.key} style={{ whiteSpace: 'nowrap', textAlign: c.numeric ? 'right' : undefined }} data-column={c.key}>
                  {pending ? null : c.render(row)}
                </Table.Td>
              ))}
              {(!readOnly || expand) && (
                <Table.Td style={{ whiteSpace: 'nowrap', width: 1 }} onClick={(e) => e.stopPropagation()}>
                  <Group gap={4} wrap="nowrap">
                    {expand && !pending && (
                      <Button
                        size="compact-xs"
                        variant={expanded ? 'filled' : 'default'}
                        onClick={() => setOpen((o) => ({ ...o, [row.id]: !o[row.id] }))}
                        aria-expanded={expanded}
                        aria-label={`${expand.label} of ${noun} ${labelOf(row)}`.trim()}
                      >
                        {expand.label} ({expand.count(row)})
                      </Button>
                    )}
                    {!pending && rowActions?.(row)}
                    {!readOnly && (
                      <LineButtons onDelete={() => del(row)} deleting={remove.isPending && remove.variables === row.id} disabled={pending}>
                        <Button size="compact-xs" variant="light" disabled={pending} onClick={() => setEditing(row.id)} aria-label={`Edit ${noun} ${labelOf(row)}`.trim()}>
                          Edit
                        </Button>
                      </LineButtons>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
            {expanded && expand && (
              <Table.Tr data-under-line={row.id}>
                <Table.Td colSpan={colCount} bg="gray.0" pl="lg" py={6}>
                  {expand.render(row)}
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    >
      <LineDrawer key={line?.id ?? 'none'} def={def} line={line} recordKey={recordKey} savedMessage={savedMessage} warningOf={warningOf} label={line ? labelOf(line) : ''} onClose={() => setEditing(null)} />
    </LineTable>
  );
}

/** The edit panel of one line: every editable field, its own Save, the conflict panel on a 409. */
function LineDrawer({ def, line, recordKey, savedMessage, warningOf, label, onClose }: { def: CollectionDef; line: Line | null; recordKey: QueryKey; savedMessage: string; warningOf?: LinePanelProps['warningOf']; label: string; onClose: () => void }) {
  const message = useMessage();
  const qc = useQueryClient();
  const save = useSaveLine(def, recordKey);
  const edits = usePatchEdits({
    fields: def.fields,
    save: (row, values, version) => save.mutateAsync({ id: row.id, values, version }),
    onSaved: (_row, answer) => {
      const warning = answer && typeof answer === 'object' ? warningOf?.(answer as Record<string, unknown>) : null;
      if (isQueued(answer)) message(KEPT_MESSAGE, 'success');
      else if (warning) message(`${savedMessage} ${warning}`, 'warning');
      else message(savedMessage, 'success');
      onClose();
    },
    onFailed: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    refresh: () => void qc.invalidateQueries({ queryKey: recordKey }),
  });
  const patch = line ? edits.patchOf(line.id) : {};
  const errors = line ? edits.errorsOf(line.id) : {};
  const dirty = line ? edits.isDirty(line) : false;
  const stamps = def.fields.filter((f) => f.readOnly);

  const submit = () => {
    if (!line) return;
    if (!dirty) {
      onClose();
      return;
    }
    void edits.save(line);
  };

  return (
    <Drawer opened={line !== null} onClose={onClose} position="right" size="md" title={`${def.noun}${label ? `: ${label}` : ''}`} padding="sm">
      {line && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <ConflictPanel {...edits.panel} noun={def.noun.toLowerCase()} />
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} mt={edits.panel.control.conflict ? 'xs' : undefined}>
            {editableFields(def.fields).map((f) => (
              <div key={f.name} style={{ gridColumn: f.kind === 'longtext' || (f.width ?? 0) >= 200 ? 'span 2' : undefined }}>
                <LineCell
                  field={f}
                  label={f.label}
                  value={f.name in patch ? patch[f.name] : line[f.name]}
                  onChange={(v) => edits.setField(line, f.name, v)}
                  error={errors[f.name]}
                  onEnter={submit}
                />
              </div>
            ))}
          </SimpleGrid>
          {stamps.length > 0 && (
            <Group gap="xs" mt="xs">
              {stamps.map((f) =>
                line[f.name] !== null && line[f.name] !== undefined && line[f.name] !== '' ? (
                  <Badge key={f.name} size="sm" variant="light" color="gray">
                    {f.label} {displayValue(f, line[f.name])}
                  </Badge>
                ) : null,
              )}
            </Group>
          )}
          <ModalButtons closeText="Close" onClose={onClose} mt="md">
            <Button size="xs" type="submit" loading={edits.isSaving(line.id)} variant={dirty ? 'filled' : 'light'}>
              Save {def.noun.toLowerCase()}
            </Button>
          </ModalButtons>
        </form>
      )}
    </Drawer>
  );
}

