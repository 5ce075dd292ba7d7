import { useMemo, useState } from 'react';
import { Grid, Group, Paper, SegmentedControl, Text, TextInput, Title } from '@mantine/core';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { QueryStates } from '../../../components/table/QueryStates';
import { confirmAction } from '../../../lib/confirm';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRowEvents } from '../../../lib/realtime';
import { useAssignRoutine } from '../api/assignRoutine';
import { useCreateRecord, useDeleteRecord, useRecords } from '../api/records';
import type { Routine } from '../api/types';
import { confirmDelete, NEW_DO_ROUTINE, NEW_ROUTINE } from '../fields';
import { DO_ROUTINE, ROUTINE } from '../kinds';
import { filterRows, sortDoRoutines, sortRoutines, tempId } from '../logic';
import { DoRoutineTable } from './DoRoutineTable';
import { DoRoutineViewModal } from './DoRoutineViewModal';
import { RoutineDrawer } from './RoutineDrawer';
import { RoutineTable } from './RoutineTable';
import { noneYet } from '../../../lib/words';

const ROUTINE_FILTER = ['name', 'description', 'category', 'frequency'];
const DO_ROUTINE_FILTER = ['name', 'assigned_to', 'location', 'category', 'status', 'description'];
type Show = 'all' | 'open' | 'done';

/** /routine/: routines (checklists of sets and tasks) and the do-routines run from them, both live. */
export function RoutinesPage() {
  const message = useMessage();
  const [editRoutine, setEditRoutine] = useState<string | null>(null);
  const [editDo, setEditDo] = useState<string | null>(null);
  const [viewDo, setViewDo] = useState<string | null>(null);
  const [routineText, setRoutineText] = useState('');
  const [doText, setDoText] = useState('');
  const [show, setShow] = useState<Show>('open');

  // Rows patch themselves; a record deleted elsewhere closes its open panel.
  useLiveRowEvents('routines', (ev) => ev.op === 'remove' && String(ev.id) === editRoutine && setEditRoutine(null));
  useLiveRowEvents('do_routines', (ev) => {
    if (ev.op !== 'remove') return;
    if (String(ev.id) === editDo) setEditDo(null);
    if (String(ev.id) === viewDo) setViewDo(null);
  });

  const routines = useRecords(ROUTINE);
  const doRoutines = useRecords(DO_ROUTINE);
  const createRoutine = useCreateRecord(ROUTINE);
  const createDoRoutine = useCreateRecord(DO_ROUTINE);
  const assign = useAssignRoutine();
  const deleteRoutine = useDeleteRecord(ROUTINE);
  const deleteDoRoutine = useDeleteRecord(DO_ROUTINE);
  const problem = (e: unknown) => message(`Problem.  ${errorText(e)}`, 'error');

  const routineRows = useMemo(() => sortRoutines(filterRows(routines.data ?? [], routineText, ROUTINE_FILTER)), [routines.data, routineText]);
  const doRows = useMemo(() => {
    const shown = (doRoutines.data ?? []).filter((d) => d.pending || show === 'all' || (show === 'done') === (d.status === 'Done'));
    return sortDoRoutines(filterRows(shown, doText, DO_ROUTINE_FILTER));
  }, [doRoutines.data, doText, show]);

  const onAssign = (routine: Routine) => {
    if (show === 'done') setShow('open');
    assign.mutate({ routine, temp: tempId() }, { onError: problem });
  };
  const onDeleteRoutine = (id: string) => {
    if (!confirmAction(confirmDelete('routine'))) return;
    deleteRoutine.mutate(id, { onSuccess: () => editRoutine === id && setEditRoutine(null), onError: problem });
  };
  const onDeleteDoRoutine = (id: string) => {
    if (!confirmAction(confirmDelete('do-routine'))) return;
    deleteDoRoutine.mutate(id, { onSuccess: () => editDo === id && setEditDo(null), onError: problem });
  };

  return (
    <>
      <Grid gap="xs">
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <Paper withBorder p="xs" radius="sm" component="section" aria-label="Routine list">
            <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
              <Group gap="xs">
                <Title order={4}>Routines</Title>
                <TextInput size="xs" w={160} placeholder="Filter routines..." aria-label="Filter routines" value={routineText} onChange={(e) => setRoutineText(e.currentTarget.value)} />
                <Text size="xs" c="dimmed">
                  {routines.isSuccess && `${routineRows.length} of ${routines.data.length}`}
                </Text>
              </Group>
              <NewRecordButton area="/routine/" size="compact-sm" form={NEW_ROUTINE} create={createRoutine} onCreated={(r) => setEditRoutine(r.id)} />
            </Group>
            <QueryStates query={routines} noun="routines" count={routineRows.length} empty={routines.data?.length ? 'No routines match the filter.' : `${noneYet('routines', NEW_ROUTINE.label)} A routine is a reusable checklist of sets and tasks.`}>
              <RoutineTable rows={routineRows} selected={editRoutine} onEdit={setEditRoutine} onAssign={onAssign} onDelete={onDeleteRoutine} />
            </QueryStates>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Paper withBorder p="xs" radius="sm" component="section" aria-label="Do-routine list">
            <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
              <Group gap="xs">
                <Title order={4}>Do-routines</Title>
                <SegmentedControl
                  size="xs"
                  aria-label="Which do-routines"
                  transitionDuration={0}
                  value={show}
                  onChange={(v) => setShow(v as Show)}
                  data={[
                    { value: 'open', label: 'Open' },
                    { value: 'done', label: 'Done' },
                    { value: 'all', label: 'All' },
                  ]}
                />
                <TextInput size="xs" w={160} placeholder="Filter do-routines..." aria-label="Filter do-routines" value={doText} onChange={(e) => setDoText(e.currentTarget.value)} />
                <Text size="xs" c="dimmed">
                  {doRoutines.isSuccess && `${doRows.length} of ${doRoutines.data.length}`}
                </Text>
              </Group>
              <NewRecordButton area="/routine/" size="compact-sm" variant="light" form={NEW_DO_ROUTINE} create={createDoRoutine} onCreated={(d) => setEditDo(d.id)} />
            </Group>
            <QueryStates query={doRoutines} noun="do-routines" count={doRows.length} empty={doRoutines.data?.length ? 'No do-routines here.' : noneYet('do-routines', NEW_DO_ROUTINE.label, 'press Assign on a routine to run it')}>
              <DoRoutineTable rows={doRows} selected={editDo ?? viewDo} onEdit={setEditDo} onView={setViewDo} onDelete={onDeleteDoRoutine} />
            </QueryStates>
          </Paper>
        </Grid.Col>
      </Grid>
      <RoutineDrawer kind={ROUTINE} id={editRoutine} onClose={() => setEditRoutine(null)} onAssign={onAssign} />
      <RoutineDrawer kind={DO_ROUTINE} id={editDo} onClose={() => setEditDo(null)} onView={(id) => (setEditDo(null), setViewDo(id))} />
      <DoRoutineViewModal id={viewDo} onClose={() => setViewDo(null)} />
    </>
  );
}
