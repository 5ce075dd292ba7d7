import { useState } from 'react';
import { Alert, Badge, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { doSets, doTasks } from '@trenchline/domain';
import { WaitMessage } from '../../../components/WaitMessage';
import { usePatchEdit } from '../../../components/lines/usePatchEdits';
import { ConflictPanel } from '../../../components/record/ConflictPanel';
import { RecordHistoryDrawer } from '../../../components/record/RecordHistoryDrawer';
import { confirmAction } from '../../../lib/confirm';
import { showDate, showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
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
import { doRoutineKey, doRoutineRecord, doRoutineStream } from '../api/types';
import { confirmDelete, DO_ROUTINE_FORM } from '../fields';
import { DO_ROUTINE_SHAPE, tempId } from '../logic';
import { ProgressCell, StatusBadge } from './DoRoutineStatus';
import { RecordForm } from './RecordForm';
import { doRoutineAsItStood } from './SetsAsTheyStood';
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

/** Before the do-routine is loaded: nothing to edit. */
const NONE = { id: '' };

function DoRoutineEditor({ id, onClose, onView }: { id: string; onClose: () => void; onView: (id: string) => void }) {
  useLiveRecord(doRoutineStream(id));
  const message = useMessage();
  const qc = useQueryClient();
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
  const [history, setHistory] = useState(false);
  const problem = (e: unknown) => message(`Problem.  ${errorText(e)}`, 'error');
  const refresh = () => void qc.invalidateQueries({ queryKey: doRoutineKey(id), exact: true });
  const edit = usePatchEdit(doRoutine.data ?? NONE, {
    fields: DO_ROUTINE_FORM,
    save: (row, values, version) => save.mutateAsync({ id, doRoutine: { ...row, ...values }, version }),
    onSaved: () => message('Do Routine successfully saved!', 'success'),
    onFailed: problem,
    refresh,
  });

  if (doRoutine.isPending) return <WaitMessage />;
  if (doRoutine.isError) return <Alert color="red">{errorText(doRoutine.error)}</Alert>;
  const d = doRoutine.data;
  const onSave = () => void (edit.dirty && edit.save());
  const onDelete = () => {
    if (!confirmAction(confirmDelete('do-routine'))) return;
    remove.mutate(id, { onSuccess: onClose, onError: problem });
  };

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
          <Button size="compact-sm" onClick={onSave} disabled={!edit.dirty} loading={edit.saving}>
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
      <ConflictPanel {...edit.panel} noun="do-routine" />
      <RecordForm fields={DO_ROUTINE_FORM} record={d} patch={edit.patch} errors={edit.errors} onChange={edit.setField} onEnter={onSave} />
      <Divider />
      <SetsEditor
        sets={d.do_routine_sets}
        shape={DO_ROUTINE_SHAPE}
        setDef={doSets}
        taskDef={doTasks}
        onAddSet={() => addSet.mutate({ temp: tempId() }, { onError: problem })}
        onSaveSet={(setId, values, version) => saveSet.mutateAsync({ id: setId, values, version })}
        onDeleteSet={(setId) => deleteSet.mutate(setId, { onError: problem })}
        onAddTask={(setId) => addTask.mutate({ setId, temp: tempId() }, { onError: problem })}
        onSaveTask={(taskId, values, version) => saveTask.mutateAsync({ id: taskId, values, version })}
        onSaveFailed={problem}
        onStale={refresh}
        onDeleteTask={(taskId) => deleteTask.mutate(taskId, { onError: problem })}
        onTick={(taskId, done) => tick.mutate({ id: taskId, done }, { onError: problem })}
      />
      <RecordHistoryDrawer record={doRoutineRecord(id)} opened={history} onClose={() => setHistory(false)} noun="do-routine" view={doRoutineAsItStood} />
    </Stack>
  );
}
