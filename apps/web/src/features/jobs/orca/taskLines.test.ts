import { describe, expect, it } from 'vitest';
import { jobTasks, ORCA_LISTS } from '@trenchline/domain';
import { findTask, jobOfTask, linesOfTask, orcaJobPath, orcaTaskPath, taskFormFields, tasksInOrder } from './taskLines';

const tasks = [
  { id: 't2', task_id: '1.2' },
  { id: 't1', task_id: '1.1' },
  { id: 't3', task_id: '2.0' },
];

describe('lines of a task', () => {
  it('given lines of two tasks and of the job, when asked for one task, then only its lines come', () => {
    const lines = [
      { id: 'a', job_task: 't1' },
      { id: 'b', job_task: 't2' },
      { id: 'c', job_task: null },
      { id: 'd' },
      { id: 'e', job_task: 't1' },
    ];
    expect(linesOfTask(lines, 't1').map((l) => l.id)).toEqual(['a', 'e']);
    expect(linesOfTask(lines, 't3')).toEqual([]);
  });

  it('given a job, when narrowed to a task, then every named collection holds only the task lines and the rest is kept', () => {
    const job: Record<string, unknown> = { id: 'j', title: 'T', cibeitems: [{ id: 'x', job_task: 't1' }, { id: 'y' }], permits: [{ id: 'p', job_task: 't2' }], tasks };
    const narrowed = jobOfTask(job, 't1', ['cibeitems', 'permits', 'notes']);
    expect(narrowed.cibeitems).toEqual([{ id: 'x', job_task: 't1' }]);
    expect(narrowed.permits).toEqual([]);
    expect(narrowed.notes).toEqual([]);
    expect(narrowed.title).toBe('T');
    expect(narrowed.tasks).toBe(tasks);
  });
});

describe('finding the task of the address', () => {
  it('given tasks, when the address names a task id, then that task is found', () => {
    expect(findTask(tasks, '1.2')?.id).toBe('t2');
    expect(findTask(tasks, encodeURIComponent('2.0'))?.id).toBe('t3');
  });

  it('given a task without a task id, when the address names its line id, then it is found; an unknown one is not', () => {
    expect(findTask([...tasks, { id: 't9', task_id: null }], 't9')?.id).toBe('t9');
    expect(findTask(tasks, '7.7')).toBeUndefined();
  });

  it('given tasks out of order, when ordered, then they go by task id', () => {
    expect(tasksInOrder(tasks).map((t) => t.task_id)).toEqual(['1.1', '1.2', '2.0']);
  });
});

describe('paths', () => {
  it('given a job with a number, when its pages are named, then they read /job/orca/{number} and /task/{task id}', () => {
    const job = { id: 'j1', account_job_number: '1004' };
    expect(orcaJobPath(job)).toBe('/job/orca/1004');
    expect(orcaTaskPath(job, { id: 't1', task_id: '1.1' })).toBe('/job/orca/1004/task/1.1');
    expect(orcaJobPath({ id: 'j2', account_job_number: null })).toBe('/job/orca/j2');
  });
});

describe('the task form fields', () => {
  it('given the task collection, then every schema field is edited, dates, money and lists with their kinds', () => {
    const fields = taskFormFields(jobTasks, ORCA_LISTS);
    const kind = (n: string) => fields.find((f) => f.name === n)?.kind;
    expect(kind('title')).toBe('text');
    expect(kind('description')).toBe('text');
    expect(kind('due_date')).toBe('date');
    expect(kind('estimated_crew_payout')).toBe('money');
    expect(kind('pit_status')).toBe('choice');
    expect(kind('coordinator_email')).toBe('text');
    expect(fields.some((f) => f.name === 'job_task')).toBe(false);
  });
});
