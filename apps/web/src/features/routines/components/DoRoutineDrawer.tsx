import { useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { doSets, doTasks } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { changedValues, type Patch } from '../../../components/lines/values';
import { confirmAction } from '../../../lib/confirm';
import { showDate, showDateTime } from '../../../lib/dates';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { useAddDoSet } from '../api/addDoSet';
import { useAddDoTask } from '../api/addDoTask';
import { useDeleteDoRoutine } from '../api/deleteDoRoutine';
import { useDeleteDoSet } from '../api/deleteDoSet';
import { useDeleteDoTask } from '../api/deleteDoTask';
import { useDoRoutine } from '../api/getDoRoutine';
import { useSaveDoRoutine } from '../api/saveDoRoutine';
import { useSaveDoSet } from '../api/saveDoSet';
import { useSaveDoTask } from '../api/saveDoTask';
import { useTickDoTask } from '../api/tickDoTask';
import { doRoutineStream } from '../api/types';
import { confirmDelete, DO_ROUTINE_FORM } from '../fields';
import { DO_ROUTINE_SHAPE, tempId } from '../logic';
import { ProgressCell, StatusBadge } from './DoRoutineStatus';
import { RecordForm } from './RecordForm';
import { RecordHistory } from './RecordHistory';
import { SetsEditor } from './SetsEditor';

interface Props {
  id: string | null;
  onClose: () => void;
  onView: (id: string) => void;
}

/** The edit panel of one do-routine: its fields, its do-sets and do-tasks (ticks included). */
export function DoRoutineDrawer({ id, onClose, onView }: Props) {
  return (
    <Drawer opened={Boolean(id)} onClose={onClose} position="right" size={760} title="Do-routine" padding="sm" aria-label="Do-routine editor">
      {id && <DoRoutineEditor key={id} id={id} onClose={onClose} onView={onView} />}
    </Drawer>
  );
}

function DoRoutineEditor({ id, onClose, onView }: { id: string; onClose: () => void; onView: (id: string) => void }) {
  useLiveRecord(doRoutineStream(id));
  const message = useMessage();
  const doRoutine = useDoRoutine(id);
  const save = useSaveDoRoutine();
  const remove = useDeleteDoRoutine();
  const addSet = useAddDoSet(id);
  const saveSet = useSaveDoSet(id);
  const deleteSet = useDeleteDoSet(id);
  const addTask = useAddDoTask(id);
  const saveTask = useSaveDoTask(id);
  const deleteTask = useDeleteDoTask(id);
  const tick = useTickDoTask(id);
  const [patch, setPatch] = useState<Patch>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [history, setHistory] = useState(false);

  if (doRoutine.isPending) return <WaitMessage />;
  if (doRoutine.isError) return <Alert color="red">{errorText(doRoutine.error)}</Alert>;
  const d = doRoutine.data;
  const dirty = Object.keys(changedValues(DO_ROUTINE_FORM, d, patch)).length > 0;
  const problem = (e: unknown) => message(`Problem.  ${errorText(e)}`, 'error');

  const onSave = () =>
    save.mutate(
      { id, doRoutine: { ...d, ...changedValues(DO_ROUTINE_FORM, d, patch) }, version: d.version },
      {
        onSuccess: () => {
          setPatch({});
          setErrors({});
          message('Do Routine successfully saved!', 'success');
        },
        onError: (e) => {
          if (isApiError(e)) setErrors(e.fields);
          problem(e);
        },
      },
    );
  const onDelete = () => {
    if (!confirmAction(confirmDelete('do-routine'))) return;
    remove.mutate(id, { onSuccess: onClose, onError: problem });
  };
  const failLoud = <T,>(p: Promise<T>) => p.catch((e) => (problem(e), Promise.reject(e)));

  return (
    <Stack gap="xs">
      <Group gap={6} justify="space-between">
        <Group gap={6}>
          <Badge variant="light" size="sm">#{d.id}</Badge>
          <StatusBadge status={d.status} />
          <ProgressCell d={d} />
          {d.due_date && <Text size="xs">due {showDate(d.due_date)}</Text>}
        </Group>
        <Group gap={4}>
          <Button size="compact-sm" onClick={onSave} disabled={!dirty} loading={save.isPending}>
            Save
          </Button>
          <Button size="compact-sm" variant="light" onClick={() => onView(id)}>
            Large view
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setHistory(true)}>
            History
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} loading={remove.isPending}>
            Delete do-routine
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {d.routine ? `Copied from routine #${d.routine}` : 'Made by hand'} · created {showDateTime(d.created_date)} · updated {showDateTime(d.last_updated)}
      </Text>
      <RecordForm fields={DO_ROUTINE_FORM} record={d} patch={patch} errors={errors} onChange={(f, v) => setPatch((p) => ({ ...p, [f]: v }))} onEnter={onSave} />
      <Divider />
      <SetsEditor
        sets={d.do_routine_sets}
        shape={DO_ROUTINE_SHAPE}
        setDef={doSets}
        taskDef={doTasks}
        onAddSet={() => addSet.mutate({ temp: tempId() }, { onError: problem })}
        onSaveSet={(setId, values) => failLoud(saveSet.mutateAsync({ id: setId, values }))}
        onDeleteSet={(setId) => deleteSet.mutate(setId, { onError: problem })}
        onAddTask={(setId) => addTask.mutate({ setId, temp: tempId() }, { onError: problem })}
        onSaveTask={(taskId, values) => failLoud(saveTask.mutateAsync({ id: taskId, values }))}
        onDeleteTask={(taskId) => deleteTask.mutate(taskId, { onError: problem })}
        onTick={(taskId, done) => tick.mutate({ id: taskId, done }, { onError: problem })}
      />
      <RecordHistory kind="do_routine" id={id} opened={history} onClose={() => setHistory(false)} />
    </Stack>
  );
}
