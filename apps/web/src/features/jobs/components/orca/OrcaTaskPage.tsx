/**
 * /job/orca/{account_job_number}/task/{task_id}: a view of the job record narrowed to one task (its
 * header, totals and lines), live as the job is; with ?as_of= the task as it stood then (the job as of
 * that time, narrowed to the task). Deleting the task sends the user to the ORCA list.
 */
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ORCA_LISTS, type Line } from '@trenchline/domain';
import { WaitMessage } from '../../../../components/WaitMessage';
import { useSaveLine } from '../../../../components/lines/api/saveLine';
import { usePatchEdit } from '../../../../components/lines/usePatchEdits';
import { AsOfPicker, RecordAsOfView } from '../../../../components/record/AsOfControl';
import { ConflictPanel } from '../../../../components/record/ConflictPanel';
import { RecordHistoryButton } from '../../../../components/record/RecordHistoryButton';
import { SectionBar } from '../../../../components/record/SectionBar';
import { confirmAction } from '../../../../lib/confirm';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { Slot } from '../../../../components/slots/slots';
import { jobKey, jobRecord, type JobDetail } from '../../api/getJob';
import { taskRecord, useDeleteTask } from '../../api/orca';
import { jobFieldLabel } from '../../fields';
import { jobCollection, orcaTaskSections, scrollToOrcaSection, taskScopedKeys } from '../../orca/sections';
import { findTask, jobOfTask, ORCA_LIST_PATH, orcaJobPath, taskFormFields, taskLabel, tasksInOrder } from '../../orca/taskLines';
import { jobLines } from '../../sections';
import { jobNumberOf } from '../JobDetailHeader';
import { Section } from '../JobSections';
import { ORCA_SAVE_FAILED } from './OrcaJobEditor';
import { TaskTitle, TaskTotals } from './OrcaHeader';
import { useJobPage } from '../useJobPage';
import { OrcaTaskSections } from './OrcaSections';
import { TaskForm } from './TaskForm';

/** Spec 2 section 5: the task's delete confirmation. */
export const DELETE_TASK = 'Are you sure you want to delete this?';

const tasksOf = (job: JobDetail) => tasksInOrder(jobLines(job, 'tasks'));

/** The task's form: every field of the task collection (its table shows a few). */
const formFields = () => taskFormFields(jobCollection('job_tasks'), ORCA_LISTS);

export function OrcaTaskPage() {
  const { taskId = '' } = useParams();
  const { id, job, waiting, asOf, showAsOf, showNow } = useJobPage(ORCA_LIST_PATH);
  if (waiting || !id) return waiting;
  if (asOf)
    return (
      <RecordAsOfView<JobDetail> record={jobRecord(id)} noun="task" asOf={asOf} onNow={showNow}>
        {(past) => <TaskAsItStood job={past} taskId={taskId} />}
      </RecordAsOfView>
    );
  if (!job.data) return <WaitMessage boxed />;
  const task = findTask(tasksOf(job.data), taskId);
  if (!task) return <NoSuchTask job={job.data} taskId={taskId} />;
  return <OrcaTaskEditor key={task.id} job={job.data} task={task} onAsOf={showAsOf} />;
}

function NoSuchTask({ job, taskId }: { job: JobDetail; taskId: string }) {
  return (
    <Alert color="yellow" title={`Job ${jobNumberOf(job)} has no task ${decodeURIComponent(taskId)}`}>
      It may have been deleted.{' '}
      <Anchor component={Link} to={orcaJobPath(job)}>
        Open the job
      </Anchor>
    </Alert>
  );
}

/** The task as it stood: read-only, from the job as of then. */
function TaskAsItStood({ job, taskId }: { job: JobDetail; taskId: string }) {
  const tasks = tasksOf(job);
  const task = findTask(tasks, taskId);
  if (!task) return <NoSuchTask job={job} taskId={taskId} />;
  const narrowed = jobOfTask(job, task.id, taskScopedKeys());
  return (
    <Stack gap="xs">
      <SectionBar title={<TaskTitle job={job} task={task} />} sections={orcaTaskSections()} onJump={scrollToOrcaSection} label="Task sections" extra={<TaskTotals task={task} />} />
      <Section id="details">
        <TaskForm values={task} fields={formFields().map((f) => f.name)} readOnly />
      </Section>
      <OrcaTaskSections job={narrowed} task={task} tasks={tasks} readOnly />
    </Stack>
  );
}

/** The live task: its fields (saved as the task line, with its version), totals, lines, history of the job, as of, delete. */
function OrcaTaskEditor({ job, task, onAsOf }: { job: JobDetail; task: Line; onAsOf: (iso: string) => void }) {
  const message = useMessage();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const def = jobCollection('job_tasks');
  const save = useSaveLine(def, jobKey(job.id));
  const remove = useDeleteTask(job.id);
  const fields = formFields();
  const edit = usePatchEdit(task, {
    fields,
    save: (row, values, version) => save.mutateAsync({ id: row.id, values, version }),
    onSaved: () => message(`Task ${taskLabel(task)} Saved successfully!`, 'success'),
    onFailed: () => message(ORCA_SAVE_FAILED, 'error'),
    refresh: () => void qc.invalidateQueries({ queryKey: jobKey(job.id) }),
  });
  const tasks = tasksOf(job);
  const narrowed = jobOfTask(job, task.id, taskScopedKeys());
  const values: Line = { ...task, ...edit.patch };

  const del = () => {
    if (!confirmAction(DELETE_TASK)) return;
    remove.mutate(task.id, {
      onSuccess: () => {
        message(`Task ${taskLabel(task)} deleted`);
        navigate(ORCA_LIST_PATH);
      },
      onError: (e) => message(`${ORCA_SAVE_FAILED}.  ${errorText(e)}`, 'error'),
    });
  };

  return (
    <Stack gap="xs">
      <SectionBar title={<TaskTitle job={job} task={task} />} sections={orcaTaskSections()} onJump={scrollToOrcaSection} label="Task sections" extra={<TaskTotals task={task} />}>
        <Button size="xs" onClick={() => void edit.save()} loading={edit.saving} variant={edit.dirty ? 'filled' : 'light'} data-testid="save-task">
          Save
        </Button>
        <RecordHistoryButton noun="task" record={taskRecord(job.id, task.id)} fieldLabel={jobFieldLabel} onAsOf={onAsOf} />
        <AsOfPicker onPick={onAsOf} />
        <Button size="xs" color="red" variant="light" onClick={del} loading={remove.isPending} data-testid="delete-task">
          Delete task
        </Button>
      </SectionBar>
      <ConflictPanel {...edit.panel} noun="task" />
      <Slot name="jobLocateWarning" props={{ jobId: job.id, jobVersion: job.version, taskRef: task.id }} />
      <Section id="details">
        <TaskForm values={values} fields={fields.map((f) => f.name)} onChange={edit.setField} errors={edit.errors} dirty={Object.keys(edit.values)} onEnter={() => void edit.save()} />
      </Section>
      <OrcaTaskSections job={narrowed} task={task} tasks={tasks} />
    </Stack>
  );
}
