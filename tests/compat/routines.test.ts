/**
 * The spec's client on the routine screen, call by call as spec 1 section 7 lists them (Routines),
 * dropping created_date and last_updated from every save (spec 1 section 5). Calls exercised: 21 of 21:
 *   routines: GET and POST lpms/routines/, PUT routines/{id}/, DELETE routines/{id}, POST routines/assign/;
 *   sets: POST lpms/sets/, PUT sets/{id}/, DELETE sets/{id}; tasks: POST lpms/tasks/, PUT tasks/{id}/,
 *   DELETE tasks/{id}; do-routines: GET and POST lpms/do_routines/, PUT do_routines/{id}/, DELETE
 *   do_routines/{id}; do-sets: POST lpms/do_sets/, PUT and DELETE do_sets/{id}; do-tasks: POST
 *   lpms/do_tasks/, PUT do_tasks/{id}/, DELETE do_tasks/{id}.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { SpecClient, copyOf, expectConflict, expectGone, expectInvalid, missingNames, type Obj, readOwnWrite } from './specClient.ts';

const { office, eventCount } = apiTest('compat_routines');
/** Spec 1 section 5: every routine, set, task, do-routine, do-set and do-task save drops these first. */
const spec = new SpecClient(office, ['created_date', 'last_updated']);
let frank: SpecClient;
beforeAll(async () => {
  frank = await spec.colleague('Frank Field');
});

/** A routine's row in the list (the screen edits the rows GET lpms/routines/ answered). */
const routineRow = (id: string, ready: (row: Obj) => boolean = () => true) =>
  readOwnWrite(() => spec.load<Obj[]>('/api/lpms/routines/'), (rows) => rows.some((r) => r.id === id && ready(r)), `routine ${id} in the list`).then((rows) => rows.find((r) => r.id === id)!);
const doRoutineRow = (id: string, ready: (row: Obj) => boolean = () => true) =>
  readOwnWrite(() => spec.load<Obj[]>('/api/lpms/do_routines/'), (rows) => rows.some((r) => r.id === id && ready(r)), `do-routine ${id} in the list`).then((rows) => rows.find((r) => r.id === id)!);

/** A routine with two sets of two tasks, each made as the screen makes it: POST, keep the answer. */
async function routineWithSets(): Promise<{ routine: Obj; sets: Obj[]; tasks: Obj[] }> {
  const routine = await spec.create('/api/lpms/routines/');
  const sets: Obj[] = [];
  const tasks: Obj[] = [];
  for (let s = 0; s < 2; s++) {
    const set = await spec.create('/api/lpms/sets/', { routine: routine.id });
    sets.push(set);
    for (let t = 0; t < 2; t++) tasks.push(await spec.create('/api/lpms/tasks/', { routine: routine.id, set: set.id }));
  }
  return { routine, sets, tasks };
}

describe('routines, sets and tasks', () => {
  it('given a new routine (empty POST), when it is saved without its sets twice from the kept answer, then 200 and both changes are kept', async () => {
    expect(Array.isArray(await spec.load('/api/lpms/routines/'))).toBe(true);
    const routine = await spec.create('/api/lpms/routines/');
    expect(routine.id).toMatch(/^\d+$/);
    const first = await spec.save(`/api/lpms/routines/${routine.id}/`, routine, { name: 'Truck check' }, ['routine_sets']);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await spec.save(`/api/lpms/routines/${routine.id}/`, routine, { category: 'Vehicle', frequency: 'Daily' }, ['routine_sets']);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await routineRow(routine.id, (r) => r.frequency === 'Daily')).toMatchObject({ name: 'Truck check', category: 'Vehicle', frequency: 'Daily' });
  });

  it('given sets and tasks posted, when each is PUT with its POST answer after the others were added and changed, then every save is 200', async () => {
    const { routine, sets, tasks } = await routineWithSets();
    for (const [i, set] of sets.entries()) {
      const r = await spec.save(`/api/lpms/sets/${set.id}/`, set, { name: `Set ${i}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    for (const [i, task] of tasks.entries()) {
      const r = await spec.save(`/api/lpms/tasks/${task.id}/`, task, { name: `Task ${i}`, notes: 100 + i });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ name: `Task ${i}`, notes: String(100 + i) });
    }
    // Again from the same kept answers: a line's own earlier save is no conflict.
    for (const set of sets) expect((await spec.save(`/api/lpms/sets/${set.id}/`, set, { notes: 'Checked' })).status).toBe(200);
    for (const task of tasks) expect((await spec.save(`/api/lpms/tasks/${task.id}/`, task, { notes: 'Checked' })).status).toBe(200);
    const row = await routineRow(routine.id, (r) => r.task_count === 4 && r.routine_sets.every((s: Obj) => s.notes === 'Checked' && s.set_tasks.every((t: Obj) => t.notes === 'Checked')));
    expect(row.routine_sets.map((s: Obj) => [s.name, s.set_tasks.map((t: Obj) => t.name)])).toEqual([['Set 0', ['Task 0', 'Task 1']], ['Set 1', ['Task 2', 'Task 3']]]);
  });

  it('given a routine row of the list, when its computed fields and nested sets come back changed, then they are ignored: 200, nothing written', async () => {
    const { routine } = await routineWithSets();
    const row = await routineRow(routine.id, (r) => r.task_count === 4);
    const before = await eventCount();
    const r = await spec.save(`/api/lpms/routines/${routine.id}/`, row, { set_count: 9, task_count: 0, routine_sets: [{ id: '1', set_tasks: [] }], position: '0:0', selected: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(r.body).toMatchObject({ set_count: 2, task_count: 4 });
  });

  it('given a routine row Frank renamed, when the client renames it from the same row, then 409 names name and nothing is written', async () => {
    const routine = await spec.create('/api/lpms/routines/', {});
    const row = await routineRow(routine.id);
    expect((await frank.save(`/api/lpms/routines/${routine.id}/`, copyOf(row), { name: 'Frank\'s check' }, ['routine_sets'])).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/lpms/routines/${routine.id}/`, row, { name: 'Office check' }, ['routine_sets']), 'name', { yours: 'Office check', theirs: 'Frank\'s check', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given a task Frank renamed since the client\'s POST answer, when the client renames it, then 409 names name and nothing is written', async () => {
    const { tasks } = await routineWithSets();
    expect((await frank.save(`/api/lpms/tasks/${tasks[1].id}/`, copyOf(tasks[1]), { name: 'Check tires' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/lpms/tasks/${tasks[1].id}/`, tasks[1], { name: 'Check oil' }), 'name', { yours: 'Check oil', theirs: 'Check tires', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given values still wrong as sent, when a routine and a task are saved, then 400 names category and set, and nothing is written', async () => {
    const { routine, tasks } = await routineWithSets();
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/lpms/routines/${routine.id}/`, routine, { category: 'Sometimes' }, ['routine_sets']), 'category');
    expectInvalid(await spec.save(`/api/lpms/tasks/${tasks[0].id}/`, tasks[0], { set: 'the first one' }), 'set');
    expect(await eventCount()).toBe(before);
  });

  it('given a task, a set and a routine deleted, when the kept objects are saved or deleted again, then 410 or 404 says so and nothing is made again', async () => {
    const { routine, sets, tasks } = await routineWithSets();
    expect((await spec.del(`/api/lpms/tasks/${tasks[0].id}`)).status).toBe(200);
    expect((await spec.del(`/api/lpms/sets/${sets[1].id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/lpms/tasks/${tasks[0].id}/`, tasks[0], { name: 'Back?' }));
    expectGone(await spec.del(`/api/lpms/tasks/${tasks[0].id}`));
    // A set's tasks go with it.
    expectGone(await spec.save(`/api/lpms/tasks/${tasks[3].id}/`, tasks[3], { name: 'Back?' }));
    expectGone(await spec.save(`/api/lpms/sets/${sets[1].id}/`, sets[1], { name: 'Back?' }));
    expectGone(await spec.del(`/api/lpms/sets/${sets[1].id}`));
    expect(await eventCount()).toBe(before);
    expect((await spec.del(`/api/lpms/routines/${routine.id}`)).status).toBe(200);
    const after = await eventCount();
    expectGone(await spec.save(`/api/lpms/routines/${routine.id}/`, routine, { name: 'Back?' }, ['routine_sets']));
    expectGone(await spec.del(`/api/lpms/routines/${routine.id}`));
    expectGone(await spec.save(`/api/lpms/sets/${sets[0].id}/`, sets[0], { name: 'Back?' }));
    expect(await eventCount()).toBe(after);
  });
});

describe('do-routines, do-sets and do-tasks', () => {
  it('given a routine assigned (selected_routine), when each copied do-task of the do-routine list is saved with its row after others were saved, then 200 each', async () => {
    const { routine } = await routineWithSets();
    const assigned = await spec.post('/api/lpms/routines/assign/', { selected_routine: routine.id });
    expect([200, 201], JSON.stringify(assigned.body)).toContain(assigned.status);
    const rows = await readOwnWrite(() => spec.load<Obj[]>('/api/lpms/do_routines/'), (all) => all.some((d) => d.routine === routine.id), 'the assigned do-routine');
    const doRoutine = rows.find((d) => d.routine === routine.id)!;
    const doTasks: Obj[] = doRoutine.do_routine_sets.flatMap((s: Obj) => s.do_set_tasks);
    expect(doTasks).toHaveLength(4);
    for (const [i, t] of doTasks.entries()) {
      const r = await spec.save(`/api/lpms/do_tasks/${t.id}/`, t, { done: i % 2 === 0, notes: `Seen ${i}` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ done: i % 2 === 0, notes: `Seen ${i}` });
    }
    expect(await doRoutineRow(doRoutine.id, (d) => d.tasks_done === 2)).toMatchObject({ tasks_total: 4, tasks_done: 2, status: 'In progress' });
  });

  it('given a new do-routine (empty POST), when it is saved twice from the kept answer and its computed fields come back changed, then 200, both changes kept, computed ignored', async () => {
    const d = await spec.create('/api/lpms/do_routines/');
    expect((await spec.save(`/api/lpms/do_routines/${d.id}/`, d, { name: 'Monday yard walk', due_date: '2031-02-03' })).status).toBe(200);
    const second = await spec.save(`/api/lpms/do_routines/${d.id}/`, d, { assigned_to: 'Dana', location: 'North yard' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ name: 'Monday yard walk', due_date: '2031-02-03', assigned_to: 'Dana', location: 'North yard' });
    const before = await eventCount();
    const third = await spec.save(`/api/lpms/do_routines/${d.id}/`, d, { tasks_total: 7, tasks_done: 7, status: 'Done', completed_at: '1999-01-01T00:00:00Z', due_days_away: -1, due_colour: 'red', do_routine_sets: [{ id: '1' }], routine: '1', position: '0:0' });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(third.body).toMatchObject({ tasks_total: 0, status: 'Not started', routine: null });
  });

  it('given do-sets and do-tasks posted as the screen posts them, when each is PUT twice with its POST answer after the others changed, then 200 each', async () => {
    const d = await spec.create('/api/lpms/do_routines/');
    const sets = [await spec.create('/api/lpms/do_sets/', { do_routine: d.id }), await spec.create('/api/lpms/do_sets/', { do_routine: d.id })];
    // Spec 1 section 7: a do-task is posted with routine and set (the do-routine's and the do-set's ids).
    const tasks = [await spec.create('/api/lpms/do_tasks/', { routine: d.id, set: sets[0].id }), await spec.create('/api/lpms/do_tasks/', { routine: d.id, set: sets[1].id })];
    for (const [i, s] of sets.entries()) expect((await spec.save(`/api/lpms/do_sets/${s.id}`, s, { name: `Do-set ${i}` })).status).toBe(200);
    for (const [i, t] of tasks.entries()) expect((await spec.save(`/api/lpms/do_tasks/${t.id}/`, t, { name: `Do-task ${i}` })).status).toBe(200);
    for (const s of sets) expect((await spec.save(`/api/lpms/do_sets/${s.id}`, s, { notes: 'Fine' })).status).toBe(200);
    for (const t of tasks) {
      const r = await spec.save(`/api/lpms/do_tasks/${t.id}/`, t, { done: 't' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ done: true, done_by: 'Office User' });
    }
    expect(await doRoutineRow(d.id, (r) => r.status === 'Done')).toMatchObject({ tasks_done: 2, status: 'Done' });
  });

  it('given a do-task, when the user ticks it done, saves, unticks it and saves again from its POST answer, then it is open again', async () => {
    const d = await spec.create('/api/lpms/do_routines/');
    const set = await spec.create('/api/lpms/do_sets/', { do_routine: d.id });
    const task = await spec.create('/api/lpms/do_tasks/', { routine: d.id, set: set.id });
    expect((await spec.save(`/api/lpms/do_tasks/${task.id}/`, task, { done: true })).body.done).toBe(true);
    const back = await spec.save(`/api/lpms/do_tasks/${task.id}/`, task, { done: false });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ done: false, done_by: null });
  });

  it('given a do-task Frank noted since the client\'s POST answer, when the client notes it otherwise, then 409 names notes and nothing is written', async () => {
    const d = await spec.create('/api/lpms/do_routines/');
    const set = await spec.create('/api/lpms/do_sets/', { do_routine: d.id });
    const task = await spec.create('/api/lpms/do_tasks/', { routine: d.id, set: set.id });
    expect((await frank.save(`/api/lpms/do_tasks/${task.id}/`, copyOf(task), { notes: 'Flat tire' })).status).toBe(200);
    const before = await eventCount();
    expectConflict(await spec.save(`/api/lpms/do_tasks/${task.id}/`, task, { notes: 'All good' }), 'notes', { yours: 'All good', theirs: 'Flat tire', by: 'Frank Field' });
    expect(await eventCount()).toBe(before);
  });

  it('given a do-task, when done is neither true nor false, then 400 names done and nothing is written', async () => {
    const d = await spec.create('/api/lpms/do_routines/');
    const set = await spec.create('/api/lpms/do_sets/', { do_routine: d.id });
    const task = await spec.create('/api/lpms/do_tasks/', { routine: d.id, set: set.id });
    const before = await eventCount();
    expectInvalid(await spec.save(`/api/lpms/do_tasks/${task.id}/`, task, { done: 'maybe' }), 'done');
    expect(await eventCount()).toBe(before);
  });

  it('given a do-task, a do-set and a do-routine deleted, when the kept objects are saved or deleted again, then 410 or 404 says so and nothing is made again', async () => {
    const d = await spec.create('/api/lpms/do_routines/');
    const sets = [await spec.create('/api/lpms/do_sets/', { do_routine: d.id }), await spec.create('/api/lpms/do_sets/', { do_routine: d.id })];
    const task = await spec.create('/api/lpms/do_tasks/', { routine: d.id, set: sets[0].id });
    expect((await spec.del(`/api/lpms/do_tasks/${task.id}`)).status).toBe(200);
    expect((await spec.del(`/api/lpms/do_sets/${sets[1].id}`)).status).toBe(200);
    const before = await eventCount();
    expectGone(await spec.save(`/api/lpms/do_tasks/${task.id}/`, task, { name: 'Back?' }));
    expectGone(await spec.del(`/api/lpms/do_tasks/${task.id}`));
    expectGone(await spec.save(`/api/lpms/do_sets/${sets[1].id}`, sets[1], { name: 'Back?' }));
    expectGone(await spec.del(`/api/lpms/do_sets/${sets[1].id}`));
    expect(await eventCount()).toBe(before);
    expect((await spec.del(`/api/lpms/do_routines/${d.id}`)).status).toBe(200);
    const after = await eventCount();
    expectGone(await spec.save(`/api/lpms/do_routines/${d.id}/`, d, { name: 'Back?' }));
    expectGone(await spec.del(`/api/lpms/do_routines/${d.id}`));
    expect(await eventCount()).toBe(after);
  });
});

describe('the names of spec 1 section 3', () => {
  it('given a routine and a do-routine with a set and a task each, when the lists load them, then each carries the names the spec shows', async () => {
    const { routine } = await routineWithSets();
    const row = await routineRow(routine.id, (r) => r.task_count === 4);
    expect.soft(missingNames(row, 'id created_date last_updated routine_sets'), 'a routine lacks').toBe('');
    expect.soft(missingNames(row.routine_sets[0], 'id created_date set_tasks'), 'a set lacks').toBe('');
    expect.soft(missingNames(row.routine_sets[0]?.set_tasks?.[0], 'id created_date'), 'a task lacks').toBe('');
    const d = await spec.create('/api/lpms/do_routines/');
    const set = await spec.create('/api/lpms/do_sets/', { do_routine: d.id });
    await spec.create('/api/lpms/do_tasks/', { routine: d.id, set: set.id });
    const doRow = await doRoutineRow(d.id, (r) => r.tasks_total === 1);
    expect.soft(missingNames(doRow, 'id created_date last_updated do_routine_sets'), 'a do-routine lacks').toBe('');
    expect.soft(missingNames(doRow.do_routine_sets[0], 'do_set_tasks'), 'a do-set lacks').toBe('');
    expect.soft(missingNames(doRow.do_routine_sets[0]?.do_set_tasks?.[0], 'id'), 'a do-task lacks').toBe('');
  });
});
