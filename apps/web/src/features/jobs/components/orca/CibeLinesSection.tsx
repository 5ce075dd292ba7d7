/**
 * CIBE lines (spec 2 sections 3, 5 and 8), one table for the job page (every line, with its task)
 * and the task page (the task's lines): an SVA code picker that fills description and price, the
 * server's computed columns (blank when it says null), insert above a row, zero a row, row selection
 * with range select and bulk zero, delete and assign to a task. Only the rows in view are rendered
 * (TanStack Virtual), so 500 lines stay fast.
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Autocomplete, Badge, Button, Checkbox, Drawer, Group, NativeSelect, SimpleGrid, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CollectionDef, Line } from '@trenchline/domain';
import { useDeleteLine } from '../../../../components/lines/api/deleteLine';
import { useSaveLine } from '../../../../components/lines/api/saveLine';
import { LineCell } from '../../../../components/lines/LineCell';
import { usePatchEdits } from '../../../../components/lines/usePatchEdits';
import { displayValue, editableFields } from '../../../../components/lines/values';
import { ConflictPanel } from '../../../../components/record/ConflictPanel';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { parseAmount, showMoney } from '../../../../lib/numbers';
import { useSvaCodes } from '../../../settings';
import { useAddCibeLine, useBulkCibeLines, useZeroCibeLine, type CibeBulkAction } from '../../api/orca';
import { cibeFormFields, cibeLinesInOrder, svaFill, svaOptionLabel, svaOptions, type SvaCodeRow } from '../../orca/cibeLogic';
import { clickRow, declineRange, keepShown, NO_CIBE_SELECTION, selectedIds, selectRange, toggleAll, type CibeSelection } from '../../../../components/lines/cibeSelection';
import { taskLabel } from '../../orca/taskLines';
import { ModalButtons } from '../../../../components/record/ModalButtons';

/** Spec 2 section 5: the bulk delete's confirmation. */
export const DELETE_SELECTED = 'Are you sure you want to delete selected records? THIS ACTION CANNOT BE UNDONE';
const ROW_HEIGHT = 28;
/** Insert, Zero, Edit and Delete side by side. */
const ACTIONS_WIDTH = 230;
/** The table's scroll box shows this many rows at most; the rest scroll. */
const ROWS_SHOWN = 16;

interface Props {
  def: CollectionDef;
  jobId: string;
  recordKey: QueryKey;
  rows: Line[];
  /** The job's tasks: the task column and 'assign to a task'. */
  tasks: Line[];
  /** The task page's task: new lines are its own, and the task column is left out. */
  taskLineId?: string;
  readOnly?: boolean;
}

interface Column {
  key: string;
  label: string;
  width: number;
  numeric?: boolean;
  render: (r: Line) => string;
}

const qty = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(v));
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function CibeLinesSection({ def, jobId, recordKey, rows, tasks, taskLineId, readOnly }: Props) {
  const message = useMessage();
  const add = useAddCibeLine(jobId);
  const zero = useZeroCibeLine(jobId);
  const bulk = useBulkCibeLines(jobId);
  const remove = useDeleteLine(def, recordKey);
  const codes = useSvaCodes();
  const lines = useMemo(() => cibeLinesInOrder(rows, tasks), [rows, tasks]);
  const [sel, setSel] = useState<CibeSelection>(NO_CIBE_SELECTION);
  const [editing, setEditing] = useState<string | null>(null);
  const [assignTo, setAssignTo] = useState('');
  const [code, setCode] = useState('');
  const [issuedQty, setIssuedQty] = useState('');
  const taskById = useMemo(() => new Map(tasks.map((t) => [t.id, t])), [tasks]);

  // Rows deleted or moved elsewhere leave the selection.
  const shown = keepShown(sel, lines);
  if (shown !== sel) setSel(shown);

  const columns: Column[] = [
    { key: 'line_number', label: 'Line', width: 48, numeric: true, render: (r) => qty(r.line_number) },
    { key: 'issued_item_code', label: 'Code', width: 100, render: (r) => text(r.issued_item_code) },
    { key: 'issued_item_description', label: 'Description', width: 220, render: (r) => text(r.issued_item_description) },
    { key: 'issued_item_qty', label: 'Issued qty', width: 76, numeric: true, render: (r) => qty(r.issued_item_qty) },
    { key: 'issued_item_price', label: 'Price', width: 86, numeric: true, render: (r) => showMoney(r.issued_item_price) },
    { key: 'issued_item_total', label: 'Issued total', width: 96, numeric: true, render: (r) => showMoney(r.issued_item_total) },
    { key: 'CIBE_item_qty', label: 'CIBE qty', width: 70, numeric: true, render: (r) => qty(r.CIBE_item_qty) },
    { key: 'CIBE_item_total', label: 'CIBE total', width: 96, numeric: true, render: (r) => showMoney(r.CIBE_item_total) },
    { key: 'CIBE_item_qty_diff', label: 'Diff', width: 56, numeric: true, render: (r) => qty(r.CIBE_item_qty_diff) },
  ];
  // The job page shows every scope: each line's task beside its number (numbers count within a scope).
  if (!taskLineId) columns.splice(1, 0, { key: 'task_id', label: 'Task', width: 48, render: (r: Line) => (r.job_task ? taskLabel(taskById.get(String(r.job_task))) || text(r.task_id) : '') });

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: lines.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const spacer = (h: number): CSSProperties => ({ height: h, padding: 0, border: 0 });

  const fail = (e: unknown) => message(`error experienced.  ${errorText(e)}`, 'error');
  const selected = selectedIds(sel, lines);
  const allChecked = lines.length > 0 && selected.length === lines.length;

  const onBox = (id: string, shift: boolean) => {
    const click = clickRow(sel, lines, id, shift);
    if ('selection' in click) return setSel(click.selection);
    const { question, from, to } = click.ask;
    setSel(confirmAction(question) ? selectRange(sel, lines, from, to) : declineRange(sel, to));
  };

  const addLine = () => {
    const fill = svaFill(code, codes.data ?? []);
    const values: Record<string, unknown> = { issued_item_code: code.trim() || null, ...(fill ?? {}), ...(taskLineId ? { job_task: taskLineId } : {}) };
    const n = parseAmount(issuedQty).value;
    if (n !== null) values.issued_item_qty = n;
    add.mutate(values, {
      onSuccess: () => {
        setCode('');
        setIssuedQty('');
        message('CIBE line successfully saved!', 'success');
      },
      onError: fail,
    });
  };

  const insertAbove = (row: Line) =>
    add.mutate(
      { line_number: row.line_number, job_task: row.job_task ?? null },
      {
        onSuccess: (answer) => message(answer.message ?? 'Saved successfully', 'success'),
        onError: fail,
      },
    );

  // The words are the server's ('Line {n} inserted', '{code} Quantity {qty} changed to 0').
  const zeroOne = (row: Line) => zero.mutate(row.id, { onSuccess: (answer) => message(answer.message ?? 'Saved successfully', 'success'), onError: fail });

  const deleteOne = (row: Line) => {
    if (!confirmAction('Sure you want to delete this?')) return;
    remove.mutate(row.id, { onError: fail });
  };

  const runBulk = (action: CibeBulkAction) => {
    if (selected.length === 0) return message('Please select rows first.', 'error');
    if (action === 'delete' && !confirmAction(DELETE_SELECTED)) return;
    const body = action === 'assign_task' ? { action, ids: selected, job_task: assignTo || null } : { action, ids: selected };
    bulk.mutate(body, {
      onSuccess: (answer) => {
        if (answer.message) message(answer.message, 'success');
        setSel(NO_CIBE_SELECTION);
      },
      onError: fail,
    });
  };

  const options = useMemo(() => svaOptions(codes.data ?? []), [codes.data]);
  const line = lines.find((l) => l.id === editing) ?? null;
  useEffect(() => {
    if (editing && !lines.some((l) => l.id === editing)) setEditing(null);
  }, [editing, lines]);

  return (
    <section aria-label="CIBE lines">
      <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
        <Group gap="xs">
          <Title order={5}>CIBE lines</Title>
          <Text size="xs" c="dimmed" data-testid="cibe-count">
            {lines.length} lines{selected.length ? ` · ${selected.length} selected` : ''}
          </Text>
        </Group>
        {!readOnly && (
          <Group gap={6} wrap="wrap">
            <Autocomplete
              size="xs"
              w={220}
              placeholder="SVA code"
              aria-label="New line SVA code"
              data={options}
              value={code}
              onChange={setCode}
              renderOption={({ option }) => svaOptionLabel(option.value, codes.data ?? [])}
              limit={50}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput size="xs" w={92} placeholder="Issued qty" aria-label="New line issued qty" inputMode="decimal" value={issuedQty} onChange={(e) => setIssuedQty(e.currentTarget.value)} />
            <Button size="xs" onClick={addLine} loading={add.isPending && !add.variables?.line_number}>
              Add CIBE line
            </Button>
          </Group>
        )}
      </Group>
      {!readOnly && (
        <Group gap={6} mb={4} wrap="wrap" data-testid="cibe-bulk">
          <Switch size="xs" label="Range select" checked={sel.rangeMode} onChange={(e) => setSel({ ...sel, rangeMode: e.currentTarget.checked })} />
          <Button size="compact-xs" variant="default" disabled={!selected.length} loading={bulk.isPending && bulk.variables?.action === 'zero'} onClick={() => runBulk('zero')}>
            Zero selected
          </Button>
          <Button size="compact-xs" variant="default" color="red" disabled={!selected.length} loading={bulk.isPending && bulk.variables?.action === 'delete'} onClick={() => runBulk('delete')}>
            Delete selected
          </Button>
          <NativeSelect
            size="xs"
            aria-label="Task for the selected lines"
            data={[{ value: '', label: "The job's own" }, ...tasks.map((t) => ({ value: t.id, label: `Task ${taskLabel(t)}` }))]}
            value={assignTo}
            onChange={(e) => setAssignTo(e.currentTarget.value)}
          />
          <Button size="compact-xs" variant="default" disabled={!selected.length} loading={bulk.isPending && bulk.variables?.action === 'assign_task'} onClick={() => runBulk('assign_task')}>
            Assign to task
          </Button>
        </Group>
      )}
      <div ref={scrollRef} style={{ overflow: 'auto', maxHeight: ROW_HEIGHT * (ROWS_SHOWN + 1) + 4 }} data-testid="cibe-scroll">
        <Table
          striped
          highlightOnHover
          stickyHeader
          withTableBorder
          fz="xs"
          verticalSpacing={2}
          horizontalSpacing={6}
          style={{ whiteSpace: 'nowrap', tableLayout: 'fixed', width: '100%', minWidth: columns.reduce((n, c) => n + c.width, readOnly ? 28 : 28 + ACTIONS_WIDTH) }}
          aria-label="CIBE lines"
          aria-rowcount={lines.length}
        >
          {/* Fixed widths, the description taking what is left: a fixed layout never measures the rows. */}
          <colgroup>
            <col style={{ width: 28 }} />
            {columns.map((c) => (
              <col key={c.key} style={{ width: c.key === 'issued_item_description' ? undefined : c.width }} />
            ))}
            {!readOnly && <col style={{ width: ACTIONS_WIDTH }} />}
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox size="xs" aria-label="Select every CIBE line" checked={allChecked} indeterminate={!allChecked && selected.length > 0} disabled={readOnly} onChange={() => setSel(toggleAll(sel, lines))} />
              </Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.key} style={{ textAlign: c.numeric ? 'right' : undefined }}>
                  {c.label}
                </Table.Th>
              ))}
              {!readOnly && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <tr aria-hidden style={spacer(padTop)} />
            {items.map((v) => {
              const r = lines[v.index];
              const checked = sel.ids.has(r.id);
              const zeroed = Boolean(r.line_zeroed);
              return (
                <Table.Tr key={r.id} title={zeroed ? 'Zeroed' : undefined} data-line-id={r.id} data-line-number={text(r.line_number)} data-zeroed={zeroed || undefined} aria-selected={checked} bg={checked ? 'blue.0' : undefined} style={{ height: ROW_HEIGHT }}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={`Select CIBE line ${text(r.line_number)}`}
                      checked={checked}
                      disabled={readOnly}
                      onChange={() => undefined}
                      onClick={(e) => onBox(r.id, e.shiftKey)}
                    />
                  </Table.Td>
                  {columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      data-col={c.key}
                      title={c.key === 'issued_item_description' ? text(r.issued_item_description) : undefined}
                      style={{ textAlign: c.numeric ? 'right' : undefined, overflow: 'hidden', textOverflow: 'ellipsis', color: zeroed ? 'var(--mantine-color-dimmed)' : undefined }}
                    >
                      {c.render(r)}
                    </Table.Td>
                  ))}
                  {!readOnly && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => insertAbove(r)} aria-label={`Insert a line above line ${text(r.line_number)}`}>
                          Insert
                        </Button>
                        <Button size="compact-xs" variant="subtle" color="orange" onClick={() => zeroOne(r)} aria-label={`Zero line ${text(r.line_number)}`}>
                          Zero
                        </Button>
                        <Button size="compact-xs" variant="light" onClick={() => setEditing(r.id)} aria-label={`Edit line ${text(r.line_number)}`}>
                          Edit
                        </Button>
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => deleteOne(r)} aria-label={`Delete line ${text(r.line_number)}`}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
            <tr aria-hidden style={spacer(padBottom)} />
          </Table.Tbody>
        </Table>
        {lines.length === 0 && (
          <Text size="xs" c="dimmed" p={6}>
            No CIBE lines yet.
          </Text>
        )}
      </div>
      {!readOnly && <CibeLineDrawer key={line?.id ?? 'none'} def={def} line={line} recordKey={recordKey} codes={codes.data ?? []} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** One line's fields in a panel, with the code picker that fills description and price (its task changes with 'Assign to task'). */
function CibeLineDrawer({ def, line, recordKey, codes, onClose }: { def: CollectionDef; line: Line | null; recordKey: QueryKey; codes: SvaCodeRow[]; onClose: () => void }) {
  const message = useMessage();
  const qc = useQueryClient();
  const save = useSaveLine(def, recordKey);
  const edits = usePatchEdits({
    fields: cibeFormFields(def),
    save: (row, values, version) => save.mutateAsync({ id: row.id, values, version }),
    onSaved: () => {
      message('CIBE line successfully saved!', 'success');
      onClose();
    },
    onFailed: (e) => message(`error experienced.  ${errorText(e)}`, 'error'),
    refresh: () => void qc.invalidateQueries({ queryKey: recordKey }),
  });
  if (!line) return <Drawer opened={false} onClose={onClose} />;
  const patch = edits.patchOf(line.id);
  const errors = edits.errorsOf(line.id);
  const valueOf = (name: string) => (name in patch ? patch[name] : line[name]);
  const submit = () => (edits.isDirty(line) ? void edits.save(line) : onClose());
  const pickCode = (v: string) => {
    edits.setField(line, 'issued_item_code', v);
    const fill = svaFill(v, codes);
    if (fill) for (const [k, x] of Object.entries(fill)) edits.setField(line, k, x);
  };
  const fields = editableFields(cibeFormFields(def));

  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={`CIBE line ${text(line.line_number)}`} padding="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ConflictPanel {...edits.panel} noun="CIBE line" />
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          {fields.map((f) =>
            f.name === 'issued_item_code' ? (
              <Autocomplete
                key={f.name}
                size="xs"
                label={f.label}
                data={svaOptions(codes)}
                value={text(valueOf(f.name))}
                onChange={pickCode}
                renderOption={({ option }) => svaOptionLabel(option.value, codes)}
                error={errors[f.name]}
                limit={50}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <div key={f.name} style={{ gridColumn: (f.width ?? 0) >= 200 || f.kind === 'longtext' ? 'span 2' : undefined }}>
                <LineCell field={f} label={f.label} value={valueOf(f.name)} onChange={(v) => edits.setField(line, f.name, v)} error={errors[f.name]} onEnter={submit} />
              </div>
            ),
          )}
        </SimpleGrid>
        <Group gap="xs" mt="xs">
          {['issued_item_total', 'CIBE_item_total', 'CIBE_item_qty_diff'].map((k) => (
            <Badge key={k} size="sm" variant="light" color="gray">
              {k === 'CIBE_item_qty_diff' ? `Diff ${displayValue({ name: k, label: k, kind: 'number' }, line[k]) || '—'}` : `${k === 'issued_item_total' ? 'Issued' : 'CIBE'} total ${showMoney(line[k]) || '—'}`}
            </Badge>
          ))}
        </Group>
        <ModalButtons closeText="Close" onClose={onClose} mt="md">
          <Button size="xs" type="submit" loading={edits.isSaving(line.id)} variant={edits.isDirty(line) ? 'filled' : 'light'}>
            Save CIBE line
          </Button>
        </ModalButtons>
      </form>
    </Drawer>
  );
}
