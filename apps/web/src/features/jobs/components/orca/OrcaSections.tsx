/**
 * The sections of the ORCA job page (CIBE lines, permits, tasks with each task's files, photos, notes
 * and crews) and of the task page (the task's lines of every collection, spec 2 section 2). A task's
 * page shows the job narrowed to the task's lines (orca/taskLines.ts jobOfTask) and adds lines with
 * { job_task }, so the base page's panels serve it unchanged.
 */
import { Anchor, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { detailKeyOf, dueColour, PERMIT_MESSAGES, type CollectionDef, type Line } from '@trenchline/domain';
import { DaysToDue } from '../../../../components/table/DaysToDue';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { showMoney, showPercent } from '../../../../lib/numbers';
import type { JobDetail } from '../../api/getJob';
import { useAddTask } from '../../api/orca';
import { jobLines } from '../../sections';
import { jobCollection } from '../../orca/sections';
import { linesOfTask, orcaTaskPath, taskLabel, tasksInOrder } from '../../orca/taskLines';
import { Slot } from '../../../../components/slots/slots';
import { jobNumberOf } from '../JobDetailHeader';
import { jobPanels, lineSectionOf, Section, type LineSectionSpec } from '../JobSections';
import { CrewsSection } from '../sections/CrewsSection';
import { SectionTip } from '../SectionTip';
import { UploadSection } from '../../../../components/lines/UploadSection';
import { CibeEmailsSection } from './CibeEmailsSection';
import { CibeLinesSection } from './CibeLinesSection';

const keyOf = (name: string) => detailKeyOf(jobCollection(name));
const linesOf = (job: JobDetail, name: string) => jobLines(job, keyOf(name));

/** Fields a task's page does not show as columns: they name the task the page is. */
const TASK_FIELDS = ['job_task', 'task_id'];

/** Spec 2 section 8: the permits' own words; days left on its colour (red under 4, orange under 7). */
function permitsSpec(onTaskPage: boolean): LineSectionSpec {
  const def = jobCollection('job_permits');
  const hidden = ['permit_days_left', 'job_task', ...(onTaskPage ? TASK_FIELDS : [])];
  return {
    id: 'permits',
    key: detailKeyOf(def),
    def,
    title: 'Permits',
    columns: def.fields.map((f) => f.name).filter((n) => !hidden.includes(n)),
    savedMessage: PERMIT_MESSAGES.saved,
    deletedMessage: PERMIT_MESSAGES.deleted,
    confirmText: 'Sure you want to delete this?',
  };
}

const daysOf = (v: unknown) => (typeof v === 'number' ? v : null);

const permitDays = {
  key: 'permit_days_left',
  label: 'Days left',
  numeric: true,
  render: (r: Line) => <DaysToDue days={daysOf(r.permit_days_left)} colour={dueColour(daysOf(r.permit_days_left))} />,
};

/** The job page's column naming a line's task (blank for the job's own lines). */
const taskColumn = (tasks: Line[]) => ({
  key: 'task',
  label: 'Task',
  render: (r: Line) => (r.job_task ? taskLabel(tasks.find((t) => t.id === r.job_task)) || String(r.task_id ?? '') : ''),
});

/** The base page's words for a collection, without the columns that name the task on its own page. */
function taskPageSpec(name: string): LineSectionSpec {
  const s = lineSectionOf(name);
  return { ...s, columns: (s.columns ?? s.def.fields.map((f) => f.name)).filter((n) => !TASK_FIELDS.includes(n)) };
}

/** /job/orca/{number}: CIBE lines, permits, tasks. */
export function OrcaJobSections({ job, readOnly }: { job: JobDetail; readOnly?: boolean }) {
  const { recordKey, panel } = jobPanels(job, { readOnly });
  const tasks = tasksInOrder(linesOf(job, 'job_tasks'));
  return (
    <>
      <Section id={keyOf('job_cibe_items')}>
        {!readOnly && <SectionTip section={keyOf('job_cibe_items')} />}
        <CibeLinesSection def={jobCollection('job_cibe_items')} jobId={job.id} recordKey={recordKey} rows={linesOf(job, 'job_cibe_items')} tasks={tasks} readOnly={readOnly} />
      </Section>
      <Section id="permits">
        {!readOnly && <SectionTip section="permits" />}
        {panel(permitsSpec(false), { extraColumns: [taskColumn(tasks), permitDays] })}
      </Section>
      <Section id={keyOf('job_tasks')}>
        {!readOnly && <SectionTip section={keyOf('job_tasks')} />}
        <TasksSection job={job} tasks={tasks} readOnly={readOnly} />
      </Section>
    </>
  );
}

/** The tasks of the job: add one (the server picks its id), each with its totals, a link to its page, and its files, photos, notes and crews. */
function TasksSection({ job, tasks, readOnly }: { job: JobDetail; tasks: Line[]; readOnly?: boolean }) {
  const message = useMessage();
  const add = useAddTask(job.id);
  const { recordKey, panel } = jobPanels(job, { readOnly });
  const def = jobCollection('job_tasks');
  const money = (key: string, label: string) => ({ key, label, numeric: true, render: (r: Line) => showMoney(r[key]) });

  const addTask = () =>
    add.mutate(undefined, {
      onSuccess: (task) => message(`Task ${taskLabel(task)} added`, 'success'),
      onError: (e) => message(`error experienced.  ${errorText(e)}`, 'error'),
    });

  const spec: LineSectionSpec = {
    id: 'tasks',
    key: detailKeyOf(def),
    def,
    title: 'Tasks',
    columns: ['task_id', 'title', 'work_status', 'due_date', 'task_permit_expiration_date'].filter((n) => def.fields.some((f) => f.name === n)),
    savedMessage: 'Saved successfully',
    confirmText: 'Are you sure you want to delete this?',
  };

  return panel(spec, {
    rows: tasks,
    canAdd: false,
    header: readOnly ? undefined : (
      <Group gap="xs" mb={4}>
        <Button size="xs" onClick={addTask} loading={add.isPending}>
          Add task
        </Button>
        <Text size="xs" c="dimmed">
          The next task id is given by the server (1.1, 1.2, ...).
        </Text>
      </Group>
    ),
    // Invoiced and crew payouts are on the task's page: the row keeps to what fits beside its actions.
    extraColumns: [
      { key: 'task_permit_days_left', label: 'Permit days', numeric: true, render: (r) => <DaysToDue days={daysOf(r.task_permit_days_left)} colour={dueColour(daysOf(r.task_permit_days_left))} /> },
      money('CIBE_total_difference', 'CIBE diff'),
      money('task_total', 'Task total'),
      money('task_total_gross_profit', 'Gross profit'),
      { key: 'task_payout_pct', label: 'Payout %', numeric: true, render: (r) => showPercent(r.task_payout_pct) },
    ],
    rowActions: (r) => (
      <Anchor component={Link} to={orcaTaskPath(job, r)} size="xs" fw={600} aria-label={`Open task ${taskLabel(r)}`} onClick={(e) => e.stopPropagation()}>
        Open
      </Anchor>
    ),
    expand: {
      label: 'Files, photos, notes, crews',
      count: (r) => ['job_task_files', 'job_task_photos', 'job_notes', 'job_crews'].reduce((n, name) => n + linesOfTask(linesOf(job, name), r.id).length, 0),
      render: (r) => <TaskParts job={job} task={r} readOnly={readOnly} recordKey={recordKey} />,
    },
  });
}

/** A task's files, photos, notes and crews, under its row on the job page. */
function TaskParts({ job, task, readOnly, recordKey }: { job: JobDetail; task: Line; readOnly?: boolean; recordKey: ReturnType<typeof jobPanels>['recordKey'] }) {
  const own = (name: string) => linesOfTask(linesOf(job, name), task.id);
  const notes = taskPageSpec('job_notes');
  const { panel } = jobPanels(job, { readOnly, addValues: { job_task: task.id } });
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
      <UploadSection def={jobCollection('job_task_files')} title={`Task ${taskLabel(task)} files`} rows={own('job_task_files')} parentId={task.id} recordKey={recordKey} readOnly={readOnly} nested />
      <UploadSection def={jobCollection('job_task_photos')} title={`Task ${taskLabel(task)} photos`} rows={own('job_task_photos')} parentId={task.id} recordKey={recordKey} photos readOnly={readOnly} nested />
      {panel({ ...notes, title: `Task ${taskLabel(task)} notes` }, { rows: own('job_notes'), nested: true })}
      <CrewsSection jobId={job.id} recordKey={recordKey} rows={own('job_crews')} segments={[]} withSegments={false} addValues={{ job_task: task.id }} title={`Task ${taskLabel(task)} crews`} readOnly={readOnly} />
    </SimpleGrid>
  );
}

/**
 * /job/orca/{number}/task/{task id}: `job` is the job narrowed to the task's lines (jobOfTask);
 * new lines name the task.
 */
export function OrcaTaskSections({ job, task, tasks, readOnly }: { job: JobDetail; task: Line; tasks: Line[]; readOnly?: boolean }) {
  const { recordKey, panel, damageReportPhotos, timecards, lines } = jobPanels(job, { readOnly, addValues: { job_task: task.id } });
  const at = (name: string, extra = {}) => panel(taskPageSpec(name), extra);
  const def = (name: string): CollectionDef => jobCollection(name);
  return (
    <>
      <Section id={keyOf('job_cibe_items')}>
        {!readOnly && <SectionTip section={keyOf('job_cibe_items')} />}
        <CibeLinesSection def={def('job_cibe_items')} jobId={job.id} recordKey={recordKey} rows={linesOf(job, 'job_cibe_items')} tasks={tasks} taskLineId={task.id} readOnly={readOnly} />
      </Section>
      <Section id={keyOf('job_cibe_emails')}>
        <CibeEmailsSection def={def('job_cibe_emails')} jobId={job.id} jobNumber={jobNumberOf(job)} recordKey={recordKey} rows={linesOf(job, 'job_cibe_emails')} task={{ id: task.id, taskId: taskLabel(task) }} readOnly={readOnly} />
      </Section>
      <Section id={keyOf('job_items')}>{at('job_items', { title: 'Task items' })}</Section>
      <Section id={keyOf('job_change_orders')}>{at('job_change_orders')}</Section>
      <Section id={keyOf('job_materials')}>{at('job_materials')}</Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id={keyOf('job_crews')}>
          <CrewsSection jobId={job.id} recordKey={recordKey} rows={lines(keyOf('job_crews'))} segments={[]} withSegments={false} addValues={{ job_task: task.id }} readOnly={readOnly} />
        </Section>
        <Section id={keyOf('job_crew_payouts')}>{at('job_crew_payouts')}</Section>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id={keyOf('job_invoices')}>{at('job_invoices')}</Section>
        <Section id="permits">
          {!readOnly && <SectionTip section="permits" />}
          {panel(permitsSpec(true), { extraColumns: [permitDays] })}
        </Section>
      </SimpleGrid>
      <Section id={keyOf('job_links')}>{at('job_links')}</Section>
      <Section id={keyOf('job_notes')}>{at('job_notes')}</Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="photos">
          <UploadSection def={def('job_task_photos')} title="Photos" rows={linesOf(job, 'job_task_photos')} parentId={task.id} recordKey={recordKey} photos readOnly={readOnly} />
        </Section>
        <Section id="general_files">
          <UploadSection def={def('job_task_files')} title="General files" rows={linesOf(job, 'job_task_files')} parentId={task.id} recordKey={recordKey} readOnly={readOnly} />
        </Section>
      </SimpleGrid>
      <Section id={keyOf('job_damage_reports')}>{at('job_damage_reports', damageReportPhotos)}</Section>
      <Section id={keyOf('job_timesheets')}>{at('job_timesheets', timecards)}</Section>
      <Section id={keyOf('job_iwas')}>{at('job_iwas')}</Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        <Section id="locates">
          <Slot name="jobLocates" props={{ of: { jobId: job.id, jobNumber: job.account_job_number ?? null, task: { ref: task.id, taskId: task.task_id ? String(task.task_id) : null } }, readOnly }} />
        </Section>
        <Section id="tickets">
          <Slot name="jobTickets" props={{ of: { jobId: job.id, jobNumber: job.account_job_number ?? null, orca: true, task: { ref: task.id, taskId: task.task_id ? String(task.task_id) : null } }, readOnly }} />
        </Section>
      </SimpleGrid>
    </>
  );
}
