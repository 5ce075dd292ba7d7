import { useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { WaitMessage } from '../../../components/WaitMessage';
import { usePatchEdit } from '../../../components/lines/usePatchEdits';
import { ConflictPanel } from '../../../components/record/ConflictPanel';
import { RecordHistoryDrawer } from '../../../components/record/RecordHistoryDrawer';
import { confirmAction } from '../../../lib/confirm';
import { showDate, showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { useSetsAndTasks } from '../api/lines';
import { useDeleteRecord, useRecord, useSaveRecord } from '../api/records';
import { useTickDoTask } from '../api/tickDoTask';
import type { DoRoutine, Routine } from '../api/types';
import { confirmDelete } from '../fields';
import type { RoutineKind } from '../kinds';
import { ProgressCell, StatusBadge } from './DoRoutineStatus';
import { RecordForm } from './RecordForm';
import { SetsEditor, type SetsEditorProps } from './SetsEditor';

type RoutineRecord = Routine | DoRoutine;

interface Props<T extends RoutineRecord> {
  kind: RoutineKind<T>;
  id: string | null;
  onClose: () => void;
  /** A routine's Assign: copy it into a new do-routine. */
  onAssign?: (routine: Routine) => void;
  /** A do-routine's Large view. */
  onView?: (id: string) => void;
}

/** The side panel editing one routine or do-routine: its fields, its sets and their tasks (ticks for a do-routine). */
export function RoutineDrawer<T extends RoutineRecord>({ kind, id, ...rest }: Props<T>) {
  return (
    <Drawer opened={Boolean(id)} onClose={rest.onClose} position="right" size={760} title={kind.title} padding="sm">
      {id && <RoutineEditor key={id} kind={kind} id={id} {...rest} />}
    </Drawer>
  );
}

/** Before the record is loaded: nothing to edit. */
const NONE = { id: '' };

function RoutineEditor<T extends RoutineRecord>({ kind, id, onClose, onAssign, onView }: Props<T> & { id: string }) {
  useLiveRecord(kind.stream(id));
  const message = useMessage();
  const qc = useQueryClient();
  const record = useRecord(kind, id);
  const save = useSaveRecord(kind);
  const remove = useDeleteRecord(kind);
  const lines = useSetsAndTasks(kind, id);
  const tick = useTickDoTask(id);
  const [history, setHistory] = useState(false);
  const problem = (e: unknown) => message(`Problem.  ${errorText(e)}`, 'error');
  const refresh = () => void qc.invalidateQueries({ queryKey: kind.key(id), exact: true });
  // Spec 1 section 8: a failed routine save is kept silent (the edits stay, marked unsaved).
  const edit = usePatchEdit(record.data ?? NONE, {
    fields: kind.form,
    save: (row, values, version) => save.mutateAsync({ id, values: { ...row, ...values }, version }),
    onSaved: () => message(kind.savedMessage, 'success'),
    onFailed: kind.doTasks ? problem : undefined,
    refresh,
  });

  if (record.isPending) return <WaitMessage />;
  if (record.isError) return <Alert color="red">{errorText(record.error)}</Alert>;
  const r = record.data;
  const d = kind.doTasks ? (r as DoRoutine) : null;
  const onSave = () => void (edit.dirty && edit.save());
  const onDelete = () => {
    if (!confirmAction(confirmDelete(kind.noun))) return;
    remove.mutate(id, { onSuccess: onClose, onError: problem });
  };

  return (
    <Stack gap="xs">
      <Group gap={6} justify="space-between">
        <Group gap={6}>
          <Badge variant="light" size="sm">#{r.id}</Badge>
          {d ? (
            <>
              <StatusBadge status={d.status} />
              <ProgressCell d={d} />
              {d.due_date && <Text size="xs">due {showDate(d.due_date)}</Text>}
            </>
          ) : (
            <Text size="xs" c="dimmed">
              Created {showDateTime(r.created_date)} · updated {showDateTime(r.last_updated)}
            </Text>
          )}
        </Group>
        <Group gap={4}>
          <Button size="compact-sm" onClick={onSave} disabled={!edit.dirty} loading={edit.saving}>
            Save
          </Button>
          {onAssign && (
            <Button size="compact-sm" variant="light" color="teal" onClick={() => onAssign(r as Routine)} title="Copy this routine into a new do-routine">
              Assign
            </Button>
          )}
          {onView && (
            <Button size="compact-sm" variant="light" onClick={() => onView(id)}>
              Large view
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={() => setHistory(true)}>
            History
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} loading={remove.isPending}>
            Delete {kind.noun}
          </Button>
        </Group>
      </Group>
      {d && (
        <Text size="xs" c="dimmed">
          {d.routine ? `Copied from routine #${d.routine}` : 'Made by hand'} · created {showDateTime(d.created_date)} · updated {showDateTime(d.last_updated)}
        </Text>
      )}
      <ConflictPanel {...edit.panel} noun={kind.noun} />
      <RecordForm fields={kind.form} record={r} patch={edit.patch} errors={kind.doTasks ? edit.errors : undefined} onChange={edit.setField} onEnter={onSave} />
      <Divider />
      <SetsEditor
        sets={(r[kind.shape.sets] as SetsEditorProps['sets'] | undefined) ?? []}
        shape={kind.shape}
        setDef={kind.setDef}
        taskDef={kind.taskDef}
        silentTasks={!kind.doTasks}
        onAddSet={() => lines.addSet.mutate(undefined, { onError: problem })}
        onSaveSet={(setId, values, version) => lines.saveSet.mutateAsync({ id: setId, values, version })}
        onDeleteSet={(setId) => lines.deleteSet.mutate(setId, { onError: problem })}
        onAddTask={(setId) => lines.addTask.mutate({ set: setId }, { onError: problem })}
        onSaveTask={(taskId, values, version) => lines.saveTask.mutateAsync({ id: taskId, values, version })}
        onSaveFailed={kind.doTasks ? problem : undefined}
        onStale={refresh}
        onDeleteTask={(taskId) => lines.deleteTask.mutate(taskId, { onError: problem })}
        onTick={kind.doTasks ? (taskId, done) => tick.mutate({ id: taskId, done }, { onError: problem }) : undefined}
      />
      <RecordHistoryDrawer record={kind.record(id)} opened={history} onClose={() => setHistory(false)} noun={kind.noun} view={kind.asItStood} />
    </Stack>
  );
}
