import { useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { routineSets, routineTasks } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { usePatchEdit } from '../../../components/lines/usePatchEdits';
import { ConflictPanel } from '../../../components/record/ConflictPanel';
import { RecordHistoryDrawer } from '../../../components/record/RecordHistoryDrawer';
import { confirmAction } from '../../../lib/confirm';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { useAddSet } from '../api/addSet';
import { useAddTask } from '../api/addTask';
import { useDeleteRoutine } from '../api/deleteRoutine';
import { useDeleteSet } from '../api/deleteSet';
import { useDeleteTask } from '../api/deleteTask';
import { useRoutine } from '../api/getRoutine';
import { useSaveRoutine } from '../api/saveRoutine';
import { useSaveSet } from '../api/saveSet';
import { useSaveTask } from '../api/saveTask';
import { routineKey, routineRecord, routineStream, type Routine } from '../api/types';
import { confirmDelete, ROUTINE_FORM } from '../fields';
import { ROUTINE_SHAPE, tempId } from '../logic';
import { RecordForm } from './RecordForm';
import { routineAsItStood } from './SetsAsTheyStood';
import { SetsEditor } from './SetsEditor';

interface Props {
  id: string | null;
  onClose: () => void;
  onAssign: (routine: Routine) => void;
}

/** The side panel editing one routine: its fields, its sets and their tasks. */
export function RoutineDrawer({ id, onClose, onAssign }: Props) {
  return (
    <Drawer opened={Boolean(id)} onClose={onClose} position="right" size={760} title="Routine" padding="sm" aria-label="Routine editor">
      {id && <RoutineEditor key={id} id={id} onClose={onClose} onAssign={onAssign} />}
    </Drawer>
  );
}

/** Before the routine is loaded: nothing to edit. */
const NONE = { id: '' };

function RoutineEditor({ id, onClose, onAssign }: { id: string; onClose: () => void; onAssign: (routine: Routine) => void }) {
  useLiveRecord(routineStream(id));
  const message = useMessage();
  const qc = useQueryClient();
  const routine = useRoutine(id);
  const save = useSaveRoutine();
  const remove = useDeleteRoutine();
  const addSet = useAddSet(id);
  const saveSet = useSaveSet(id);
  const deleteSet = useDeleteSet(id);
  const addTask = useAddTask(id);
  const saveTask = useSaveTask(id);
  const deleteTask = useDeleteTask(id);
  const [history, setHistory] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: routineKey(id), exact: true });
  // Spec 1 section 8: a failed routine save is kept silent (the edits stay, marked unsaved).
  const edit = usePatchEdit(routine.data ?? NONE, {
    fields: ROUTINE_FORM,
    save: (row, values, version) => save.mutateAsync({ id, routine: { ...row, ...values }, version }),
    onSaved: () => message('Routine successfully saved!', 'success'),
    refresh,
  });

  if (routine.isPending) return <WaitMessage />;
  if (routine.isError) return <Alert color="red">{errorText(routine.error)}</Alert>;
  const r = routine.data;
  const onSave = () => void (edit.dirty && edit.save());
  const onDelete = () => {
    if (!confirmAction(confirmDelete('routine'))) return;
    remove.mutate(id, { onSuccess: onClose, onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };
  const lineError = (e: unknown) => message(`Problem.  ${errorText(e)}`, 'error');

  return (
    <Stack gap="xs">
      <Group gap={6} justify="space-between">
        <Group gap={6}>
          <Badge variant="light" size="sm">#{r.id}</Badge>
          <Text size="xs" c="dimmed">
            Created {showDateTime(r.created_date)} · updated {showDateTime(r.last_updated)}
          </Text>
        </Group>
        <Group gap={4}>
          <Button size="compact-sm" onClick={onSave} disabled={!edit.dirty} loading={edit.saving}>
            Save
          </Button>
          <Button size="compact-sm" variant="light" color="teal" onClick={() => onAssign(r)} title="Copy this routine into a new do-routine">
            Assign
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setHistory(true)}>
            History
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} loading={remove.isPending}>
            Delete routine
          </Button>
        </Group>
      </Group>
      <ConflictPanel {...edit.panel} noun="routine" />
      <RecordForm fields={ROUTINE_FORM} record={r} patch={edit.patch} onChange={edit.setField} onEnter={onSave} />
      <Divider />
      <SetsEditor
        sets={r.routine_sets}
        shape={ROUTINE_SHAPE}
        setDef={routineSets}
        taskDef={routineTasks}
        silentTasks
        onAddSet={() => addSet.mutate({ temp: tempId() }, { onError: lineError })}
        onSaveSet={(setId, values, version) => saveSet.mutateAsync({ id: setId, values, version })}
        onDeleteSet={(setId) => deleteSet.mutate(setId, { onError: lineError })}
        onAddTask={(setId) => addTask.mutate({ setId, temp: tempId() }, { onError: lineError })}
        onSaveTask={(taskId, values, version) => saveTask.mutateAsync({ id: taskId, values, version })}
        onStale={refresh}
        onDeleteTask={(taskId) => deleteTask.mutate(taskId, { onError: lineError })}
      />
      <RecordHistoryDrawer record={routineRecord(id)} opened={history} onClose={() => setHistory(false)} noun="routine" view={routineAsItStood} />
    </Stack>
  );
}
