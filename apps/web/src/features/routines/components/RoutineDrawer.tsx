import { useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { routineSets, routineTasks } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { changedValues, type Patch } from '../../../components/lines/values';
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
import { routineStream, type Routine } from '../api/types';
import { confirmDelete, ROUTINE_FORM } from '../fields';
import { ROUTINE_SHAPE, tempId } from '../logic';
import { RecordForm } from './RecordForm';
import { RecordHistory } from './RecordHistory';
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

function RoutineEditor({ id, onClose, onAssign }: { id: string; onClose: () => void; onAssign: (routine: Routine) => void }) {
  useLiveRecord(routineStream(id));
  const message = useMessage();
  const routine = useRoutine(id);
  const save = useSaveRoutine();
  const remove = useDeleteRoutine();
  const addSet = useAddSet(id);
  const saveSet = useSaveSet(id);
  const deleteSet = useDeleteSet(id);
  const addTask = useAddTask(id);
  const saveTask = useSaveTask(id);
  const deleteTask = useDeleteTask(id);
  const [patch, setPatch] = useState<Patch>({});
  const [history, setHistory] = useState(false);

  if (routine.isPending) return <WaitMessage />;
  if (routine.isError) return <Alert color="red">{errorText(routine.error)}</Alert>;
  const r = routine.data;
  const dirty = Object.keys(changedValues(ROUTINE_FORM, r, patch)).length > 0;

  const onSave = () =>
    save.mutate(
      { id, routine: { ...r, ...changedValues(ROUTINE_FORM, r, patch) }, version: r.version },
      // Spec 1 section 8: a failed routine save is kept silent (the edits stay, marked unsaved).
      { onSuccess: () => (setPatch({}), message('Routine successfully saved!', 'success')) },
    );
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
          <Button size="compact-sm" onClick={onSave} disabled={!dirty} loading={save.isPending}>
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
      <RecordForm fields={ROUTINE_FORM} record={r} patch={patch} onChange={(f, v) => setPatch((p) => ({ ...p, [f]: v }))} onEnter={onSave} />
      <Divider />
      <SetsEditor
        sets={r.routine_sets}
        shape={ROUTINE_SHAPE}
        setDef={routineSets}
        taskDef={routineTasks}
        silentTasks
        onAddSet={() => addSet.mutate({ temp: tempId() }, { onError: lineError })}
        onSaveSet={(setId, values) => saveSet.mutateAsync({ id: setId, values })}
        onDeleteSet={(setId) => deleteSet.mutate(setId, { onError: lineError })}
        onAddTask={(setId) => addTask.mutate({ setId, temp: tempId() }, { onError: lineError })}
        onSaveTask={(taskId, values) => saveTask.mutateAsync({ id: taskId, values })}
        onDeleteTask={(taskId) => deleteTask.mutate(taskId, { onError: lineError })}
      />
      <RecordHistory kind="routine" id={id} opened={history} onClose={() => setHistory(false)} />
    </Stack>
  );
}
