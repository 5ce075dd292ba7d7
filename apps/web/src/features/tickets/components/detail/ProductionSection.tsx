/**
 * The ticket's production lines (spec 3 sections 3 and 4): picked from the job's CIBE items (several
 * at once) or typed at a number (a number another line holds inserts the line there); each line shows
 * the fields of its form (from the work type) and saves on its own; ticking two lines asks to select
 * the rows between them, and the selection can be zeroed at once; each line's photos are resized
 * before upload.
 */
import { Fragment, useState } from 'react';
import { Badge, Button, Checkbox, Group, NativeSelect, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { TICKET_WORK_TYPES, ticketProductionPhotos, ticketProductions, type FieldSpec, type Line } from '@trenchline/domain';
import { useDeleteLine } from '../../../../components/lines/api/deleteLine';
import { useSaveLine } from '../../../../components/lines/api/saveLine';
import { LineCell } from '../../../../components/lines/LineCell';
import { usePatchEdits } from '../../../../components/lines/usePatchEdits';
import { ConflictModal } from '../../../../components/record/ConflictPanel';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { isQueued, KEPT_MESSAGE } from '../../../../lib/offline/queuedWrite';
import { UploadSection } from '../../../../components/lines/UploadSection';
import { clickRow, declineRange, NO_CIBE_SELECTION, selectRange, selectedIds, type CibeSelection } from '../../../../components/lines/cibeSelection';
import { useAddProductions } from '../../api/ticketLines';
import { CibePicker } from './CibePicker';
import { addedMessage, productionFieldsOf, typedLine } from './productionLogic';

const fieldOf = (name: string) => ticketProductions.fields.find((f) => f.name === name) as FieldSpec;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

interface Props {
  ticketId: string;
  job: string | null;
  rows: Line[];
  recordKey: QueryKey;
  readOnly?: boolean;
  /** The edits the ticket's Save also sends; the section keeps its own otherwise (the page as it stood). */
  edits?: ProductionEdits;
}

/** The production lines' unsaved edits: saved per line, or all at once with the ticket's Save (TicketEditor). */
export function useProductionEdits(recordKey: QueryKey) {
  const message = useMessage();
  const qc = useQueryClient();
  const save = useSaveLine(ticketProductions, recordKey);
  return usePatchEdits({
    fields: ticketProductions.fields,
    save: (row, values, version) => save.mutateAsync({ id: row.id, values, version }),
    onSaved: () => message('Production line saved.', 'success'),
    onFailed: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    refresh: () => void qc.invalidateQueries({ queryKey: recordKey }),
  });
}

export type ProductionEdits = ReturnType<typeof useProductionEdits>;

export function ProductionSection({ ticketId, job, rows, recordKey, readOnly, edits: shared }: Props) {
  const message = useMessage();
  const add = useAddProductions();
  const save = useSaveLine(ticketProductions, recordKey);
  const remove = useDeleteLine(ticketProductions, recordKey);
  const [selection, setSelection] = useState<CibeSelection>({ ...NO_CIBE_SELECTION, rangeMode: true });
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [workType, setWorkType] = useState('');
  const [at, setAt] = useState('');
  const own = useProductionEdits(recordKey);
  const edits = shared ?? own;

  const addLines = (lines: Record<string, unknown>[], after?: () => void) =>
    add.mutate(
      { id: ticketId, lines },
      {
        onSuccess: (answer) => {
          message(isQueued(answer) ? `${addedMessage(answer)} ${KEPT_MESSAGE}` : addedMessage(answer), 'success');
          after?.();
        },
        onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
      },
    );

  const addTyped = () => {
    const line = typedLine(workType, at);
    if ('error' in line) return message(String(line.error), 'error');
    addLines([line], () => setAt(''));
  };

  // Ticking a second line asks for the rows between (spec 3 "Ticket detail").
  const tick = (id: string) => {
    const click = clickRow(selection, rows, id, false);
    if ('selection' in click) return setSelection(click.selection);
    setSelection(window.confirm(click.ask.question) ? selectRange(selection, rows, click.ask.from, click.ask.to) : declineRange(selection, click.ask.to));
  };

  // Zeroing keeps the line (its qty and feet become 0), so the count of what was done stays readable.
  const zeroSelected = async () => {
    const ids = selectedIds(selection, rows);
    try {
      for (const row of rows.filter((r) => ids.includes(r.id) && r.line_zeroed !== true)) await save.mutateAsync({ id: row.id, values: { line_zeroed: true }, version: typeof row.version === 'number' ? row.version : undefined });
      message(`${ids.length} line${ids.length === 1 ? '' : 's'} zeroed.`, 'success');
    } catch (e) {
      message(`Problem.  ${errorText(e)}`, 'error');
    }
    setSelection({ ...NO_CIBE_SELECTION, rangeMode: true });
  };

  const del = (row: Line) => {
    if (!confirmAction('Sure you want to delete this production line?')) return;
    remove.mutate(row.id, { onSuccess: () => edits.clear(row.id), onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };

  const picked = selectedIds(selection, rows);
  return (
    <section aria-label="Production lines">
      <Group justify="space-between" mb={4} gap="xs">
        <Title order={5}>Production lines</Title>
        {!readOnly && picked.length > 0 && (
          <Button size="compact-xs" variant="light" color="orange" onClick={() => void zeroSelected()} data-testid="zero-selected">
            Zero {picked.length} selected
          </Button>
        )}
      </Group>
      {!readOnly && (
        <>
          <CibePicker job={job} adding={add.isPending} onAdd={(lines, done) => addLines(lines, done)} />
          <Group gap="xs" align="end" mb={6}>
            <NativeSelect size="xs" label="Work type" data={['', ...TICKET_WORK_TYPES]} value={workType} onChange={(e) => setWorkType(e.currentTarget.value)} aria-label="New line work type" />
            <TextInput size="xs" w={90} label="At line #" placeholder="last" value={at} onChange={(e) => setAt(e.currentTarget.value)} aria-label="New line number" />
            <Button size="xs" variant="light" onClick={addTyped} loading={add.isPending} data-testid="add-typed-line">
              Add line
            </Button>
          </Group>
        </>
      )}
      <Table.ScrollContainer minWidth={900} type="native">
        <Table fz="xs" striped withTableBorder verticalSpacing={2} horizontalSpacing={4} data-lines-of="Production lines">
          <Table.Thead>
            <Table.Tr>
              {!readOnly && <Table.Th w={28} />}
              <Table.Th w={64}>#</Table.Th>
              <Table.Th w={90}>Code</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th w={150}>Work type</Table.Th>
              <Table.Th w={90}>Form</Table.Th>
              <Table.Th>Measures</Table.Th>
              <Table.Th w={60}>Issued</Table.Th>
              <Table.Th w={60}>Zeroed</Table.Th>
              <Table.Th w={150} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={10}>
                  <Text size="xs" c="dimmed">
                    No production lines yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => {
              const patch = edits.patchOf(row.id);
              const value = (name: string) => (name in patch ? patch[name] : row[name]);
              const current = { ...row, ...patch };
              const dirty = edits.isDirty(row);
              const cell = (name: string, label?: string) => (
                <LineCell field={fieldOf(name)} value={value(name)} onChange={(v) => edits.setField(row, name, v)} readOnly={readOnly} error={edits.errorsOf(row.id)[name]} onEnter={() => void edits.save(row)} label={label} />
              );
              const photos = (row.photos as Line[] | undefined) ?? [];
              return (
                <Fragment key={row.id}>
                  <Table.Tr data-line-id={row.id} data-line-number={str(row.line_number)} bg={dirty ? 'yellow.0' : row.line_zeroed ? 'gray.1' : undefined}>
                    {!readOnly && (
                      <Table.Td>
                        <Checkbox size="xs" checked={selection.ids.has(row.id)} onChange={() => tick(row.id)} aria-label={`Select line ${str(row.line_number)}`} />
                      </Table.Td>
                    )}
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {str(row.line_number)}
                      {row.line_inserted === true && (
                        <Badge size="xs" variant="light" ml={4} title="Inserted at this number">
                          ins
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{str(row.issued_item_code ?? row.CIBE_item_code)}</Table.Td>
                    <Table.Td>{str(row.issued_item_description ?? row.CIBE_item_desc)}</Table.Td>
                    <Table.Td>{cell('work_type')}</Table.Td>
                    <Table.Td data-column="form_type">{str(row.form_type) || '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" align="end">
                        {productionFieldsOf(current).map((f) => (
                          <div key={f.name} style={{ width: f.name === 'feet' || f.name === 'qty' ? 80 : 130 }} data-measure={f.name}>
                            {cell(f.name, f.label)}
                          </div>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{str(row.issued_item_qty)}</Table.Td>
                    <Table.Td>{cell('line_zeroed')}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Group gap={2} wrap="nowrap">
                        {!readOnly && (
                          <Button size="compact-xs" disabled={!dirty} loading={edits.isSaving(row.id)} onClick={() => void edits.save(row)} aria-label={`Save line ${str(row.line_number)}`}>
                            Save
                          </Button>
                        )}
                        <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => ({ ...o, [row.id]: !o[row.id] }))} aria-label={`Photos of line ${str(row.line_number)}`}>
                          Photos ({photos.length})
                        </Button>
                        {!readOnly && (
                          <Button size="compact-xs" color="red" variant="subtle" onClick={() => del(row)} aria-label={`Delete line ${str(row.line_number)}`}>
                            Delete
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {open[row.id] && (
                    <Table.Tr data-under-line={row.id}>
                      <Table.Td colSpan={10}>
                        <UploadSection def={ticketProductionPhotos} title={`Photos of line ${str(row.line_number)}`} rows={photos} parentId={row.id} recordKey={recordKey} photos readOnly={readOnly} nested />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConflictModal {...edits.panel} noun="production line" />
    </section>
  );
}
