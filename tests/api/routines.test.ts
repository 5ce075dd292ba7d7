/** Every routine call of spec 1 section 7 (/api/lpms/...) over HTTP against the real app (Postgres, Redis, projector). */
import { describe, expect, it } from 'vitest';
import { apiTest } from '../support/apiTest.ts';
import { Client } from '../support/client.ts';

const { app, office, rival, eventCount } = apiTest('api_routines');

async function newRoutine(values: Record<string, unknown> = {}, c = office) {
  const r = await c.post('/api/lpms/routines/', {});
  expect(r.status).toBe(201);
  if (!Object.keys(values).length) return r.body;
  const saved = await c.put(`/api/lpms/routines/${r.body.id}/`, values);
  expect(saved.status).toBe(200);
  return saved.body;
}

/** A routine 'Truck check' with two sets (Outside: Tyres, Lights; Cab: First aid kit). */
async function truckCheck(c = office) {
  const routine = await newRoutine({ name: 'Truck check', category: 'Vehicle', frequency: 'Daily' }, c);
  const outside = (await c.post('/api/lpms/sets/', { routine: routine.id })).body;
  await c.put(`/api/lpms/sets/${outside.id}/`, { name: 'Outside' });
  const cab = (await c.post('/api/lpms/sets/', { routine: routine.id, name: 'Cab' })).body;
  const tyres = (await c.post('/api/lpms/tasks/', { routine: routine.id, set: outside.id, name: 'Tyres' })).body;
  const lights = (await c.post('/api/lpms/tasks/', { routine: routine.id, set: outside.id, name: 'Lights' })).body;
  const kit = (await c.post('/api/lpms/tasks/', { routine: Number(routine.id), set: Number(cab.id), name: 'First aid kit' })).body;
  return { routine, outside, cab, tyres, lights, kit };
}

describe('routines', () => {
  it('given no session, when routines are listed, then 401', async () => {
    expect((await new Client(app.url).get('/api/lpms/routines/')).status).toBe(401);
  });

  it('given a user, when a routine is created with an empty body, then 201 with id, created_date, last_updated, no sets, version and ETag', async () => {
    const r = await office.post('/api/lpms/routines/', {});
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: null, routine_sets: [], set_count: 0, task_count: 0, version: 1 });
    expect(r.body.id).toMatch(/^\d+$/);
    expect(r.body.created_date).toEqual(r.body.last_updated);
    expect(r.headers.get('etag')).toBe('"1"');
  });

  it('given a routine, when the whole routine is sent back with created_date, last_updated and its sets, then only its own changed fields are recorded', async () => {
    const { routine } = await truckCheck();
    const whole = (await office.get(`/api/lpms/routines/${routine.id}/`)).body;
    const r = await office.put(`/api/lpms/routines/${routine.id}/`, { ...whole, description: 'Before the first job of the day', created_date: '1999-01-01', routine_sets: [] });
    expect(r.status).toBe(200);
    expect(r.body.description).toBe('Before the first job of the day');
    expect(r.body.routine_sets).toHaveLength(2);
    expect(r.body.created_date.startsWith('1999')).toBe(false);
    const history = (await office.get(`/api/lpms/routines/${routine.id}/history/`)).body;
    expect(history.at(-1)).toMatchObject({ type: 'RoutineRevised', user_name: 'Office User', changes: [{ field: 'description', old: null, new: 'Before the first job of the day' }] });
  });

  it.each([
    [{ category: 'Knitting' }, 'category'],
    [{ frequency: 'Hourly' }, 'frequency'],
    [{ name: { first: 'x' } }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
  ])('given bad input %j, when a routine is saved, then 400 names %s and nothing is written', async (body, field) => {
    const routine = await newRoutine();
    const before = await eventCount();
    const r = await office.put(`/api/lpms/routines/${routine.id}/`, body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given routines with sets and tasks, when listed after the writes, then each routine has routine_sets with nested set_tasks, newest first', async () => {
    const { routine, outside, cab } = await truckCheck();
    const r = await office.list('/api/lpms/routines/');
    expect(r.status).toBe(200);
    expect(r.body[0].id).toBe(routine.id);
    expect(r.body[0]).toMatchObject({ name: 'Truck check', category: 'Vehicle', frequency: 'Daily', set_count: 2, task_count: 3 });
    expect(r.body[0].routine_sets.map((s: { id: string; name: string; set_tasks: { name: string; set: string }[] }) => [s.id, s.name, s.set_tasks.map((t) => t.name)])).toEqual([
      [outside.id, 'Outside', ['Tyres', 'Lights']],
      [cab.id, 'Cab', ['First aid kit']],
    ]);
    expect(r.body[0].routine_sets[0].created_date).toBeTruthy();
    expect((await office.list('/api/lpms/routines/?q=truck')).body.map((x: { id: string }) => x.id)).toContain(routine.id);
    expect((await office.list('/api/lpms/routines/?q=zebra')).body).toEqual([]);
  });

  it('given a routine, when deleted (DELETE without a trailing slash), then it is gone from reads and the list, and its history remains', async () => {
    const routine = await newRoutine({ name: 'Gone soon' });
    expect((await office.del(`/api/lpms/routines/${routine.id}`)).status).toBe(200);
    expect((await office.get(`/api/lpms/routines/${routine.id}/`)).status).toBe(404);
    expect((await office.list('/api/lpms/routines/')).body.find((x: { id: string }) => x.id === routine.id)).toBeUndefined();
    const h = (await office.get(`/api/lpms/routines/${routine.id}/history/`)).body;
    expect(h.map((e: { type: string }) => e.type)).toEqual(['RoutineCreated', 'RoutineRevised', 'RoutineDeleted']);
  });

  it('given a routine changed over time, when read as of a past instant, then it is shown as it stood then', async () => {
    const routine = await newRoutine({ name: 'Before' });
    await new Promise((r) => setTimeout(r, 20));
    const between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await office.put(`/api/lpms/routines/${routine.id}/`, { name: 'After' });
    await office.post('/api/lpms/sets/', { routine: routine.id, name: 'Later set' });
    const then = (await office.get(`/api/lpms/routines/${routine.id}?as_of=${encodeURIComponent(between)}`)).body;
    expect(then).toMatchObject({ name: 'Before', routine_sets: [], version: 2 });
    expect((await office.get(`/api/lpms/routines/${routine.id}?as_of=yesterday`)).status).toBe(400);
  });

  it('given another user renamed the routine since, when it is renamed from the old version, then 409 naming name with the current routine and nothing is written', async () => {
    const routine = await newRoutine();
    const frank = await office.addColleague('Frank Field');
    await frank.put(`/api/lpms/routines/${routine.id}/`, { name: 'First' }, { 'If-Match': '"1"' });
    const before = await eventCount();
    const r = await office.put(`/api/lpms/routines/${routine.id}/`, { name: 'Second' }, { 'If-Match': '"1"' });
    expect(r.status).toBe(409);
    expect(r.body.conflicts).toMatchObject([{ field: 'name', yours: 'Second', theirs: 'First', by: 'Frank Field' }]);
    expect(r.body.current).toMatchObject({ name: 'First', version: 2 });
    expect(await eventCount()).toBe(before);
  });
});

describe('sets and tasks', () => {
  it('given a routine, when a set and a task are added, edited and read, then the answers carry their parent, set and created_date', async () => {
    const routine = await newRoutine({ name: 'Site setup' });
    const s = await office.post('/api/lpms/sets/', { routine: routine.id, created_date: '1999-01-01' });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ routine: routine.id, version: 3 });
    expect(s.body.created_date.startsWith('1999')).toBe(false);
    const t = await office.post('/api/lpms/tasks/', { routine: routine.id, set: s.body.id });
    expect(t.status).toBe(201);
    expect(t.body).toMatchObject({ routine: routine.id, set: s.body.id });
    const edited = await office.put(`/api/lpms/tasks/${t.body.id}/`, { ...t.body, name: 'Cones and signs out', created_date: 'whatever', last_updated: 'x' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Cones and signs out', set: s.body.id });
    expect((await office.put(`/api/lpms/sets/${s.body.id}/`, { name: 'Work zone' })).body.name).toBe('Work zone');
    expect((await office.get(`/api/lpms/sets/?routine=${routine.id}`)).body.map((x: { name: string }) => x.name)).toEqual(['Work zone']);
    expect((await office.get(`/api/lpms/tasks/?routine=${routine.id}`)).body.map((x: { name: string }) => x.name)).toEqual(['Cones and signs out']);
  });

  it.each([
    ['/api/lpms/sets/', {}, 'routine'],
    ['/api/lpms/sets/', { routine: 'abc' }, 'routine'],
    ['/api/lpms/tasks/', { set: '1' }, 'routine'],
    ['/api/lpms/do_sets/', {}, 'do_routine'],
    ['/api/lpms/do_tasks/', { set: '1' }, 'do_routine'],
  ])('given a POST to %s without its parent (%j), then 400 names %s and nothing is written', async (path, body, field) => {
    const before = await eventCount();
    const r = await office.post(path, body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(field);
    expect(await eventCount()).toBe(before);
  });

  it('given a routine, when a task is added without a set, with another routine\'s set, or with a bad name, then 400 names the field and nothing is written', async () => {
    const a = await truckCheck();
    const b = await newRoutine({ name: 'Other' });
    const before = await eventCount();
    const noSet = await office.post('/api/lpms/tasks/', { routine: b.id, name: 'Lost' });
    expect(noSet.status).toBe(400);
    expect(noSet.body.fields).toHaveProperty('set');
    const foreign = await office.post('/api/lpms/tasks/', { routine: b.id, set: a.outside.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ set: 'must be a set of this record' });
    const badName = await office.put(`/api/lpms/tasks/${a.tyres.id}/`, { name: { text: 'no' } });
    expect(badName.status).toBe(400);
    expect(badName.body.fields).toHaveProperty('name');
    const badSet = await office.put(`/api/lpms/tasks/${a.tyres.id}/`, { set: 'none' });
    expect(badSet.status).toBe(400);
    expect(badSet.body.fields).toHaveProperty('set');
    expect(await eventCount()).toBe(before);
  });

  it('given a set with tasks, when the set is deleted, then its tasks go with it in one append, and the task routes answer 410 (deleted) after', async () => {
    const { routine, outside, tyres, lights, kit } = await truckCheck();
    const r = await office.del(`/api/lpms/sets/${outside.id}`);
    expect(r.status).toBe(200);
    const after = (await office.get(`/api/lpms/routines/${routine.id}/`)).body;
    expect(after.routine_sets.map((s: { set_tasks: { id: string }[] }) => s.set_tasks.map((t) => t.id))).toEqual([[kit.id]]);
    const history = (await office.get(`/api/lpms/routines/${routine.id}/history/`)).body;
    expect(history.slice(-3).map((e: { type: string; line_id: string }) => [e.type, e.line_id])).toEqual([
      ['RoutineTaskRemoved', tyres.id],
      ['RoutineTaskRemoved', lights.id],
      ['RoutineSetRemoved', outside.id],
    ]);
    expect((await office.del(`/api/lpms/tasks/${tyres.id}`)).status).toBe(410);
    expect((await office.put(`/api/lpms/sets/${outside.id}/`, { name: 'x' })).status).toBe(410);
    expect((await office.del(`/api/lpms/tasks/${kit.id}`)).status).toBe(200);
  });

  it('given a task id, when it is used on the set path, then 404 (a line is found only by its own kind)', async () => {
    const { tyres } = await truckCheck();
    expect((await office.put(`/api/lpms/sets/${tyres.id}/`, { name: 'wrong kind' })).status).toBe(404);
  });
});

describe('do-routines', () => {
  it('given a routine with sets and tasks, when assigned, then a new do-routine copies its fields, sets and tasks under new ids, nothing done', async () => {
    const { routine, outside, tyres } = await truckCheck();
    const r = await office.post('/api/lpms/routines/assign/', { selected_routine: routine.id, assigned_to: 'Crew North', due_date: '2030-05-01' });
    expect(r.status).toBe(201);
    const d = r.body;
    expect(d).toMatchObject({ routine: routine.id, name: 'Truck check', category: 'Vehicle', assigned_to: 'Crew North', due_date: '2030-05-01', status: 'Not started', tasks_total: 3, tasks_done: 0 });
    expect(d.do_routine_sets.map((s: { name: string; do_set_tasks: { name: string; done: boolean }[] }) => [s.name, s.do_set_tasks.map((t) => [t.name, t.done])])).toEqual([
      ['Outside', [['Tyres', false], ['Lights', false]]],
      ['Cab', [['First aid kit', false]]],
    ]);
    expect(d.do_routine_sets[0].id).not.toBe(outside.id);
    expect(d.do_routine_sets[0].routine_set).toBe(outside.id);
    expect(d.do_routine_sets[0].do_set_tasks[0]).toMatchObject({ routine_task: tyres.id, set: d.do_routine_sets[0].id, do_routine: d.id });
    const list = (await office.list('/api/lpms/do_routines/')).body;
    expect(list.find((x: { id: string }) => x.id === d.id)).toMatchObject({ tasks_total: 3, do_routine_sets: expect.any(Array) });
    const byRoutine = (await office.list(`/api/lpms/do_routines/?routine=${routine.id}`)).body;
    expect(byRoutine.map((x: { id: string }) => x.id)).toEqual([d.id]);
    // The copy is its own record: editing the routine leaves it as it was.
    await office.put(`/api/lpms/tasks/${tyres.id}/`, { name: 'Tyres and wheel nuts' });
    expect((await office.get(`/api/lpms/do_routines/${d.id}/`)).body.do_routine_sets[0].do_set_tasks[0].name).toBe('Tyres');
  });

  it('given the old client, when it assigns with the routine object as selected_routine, then it works too; without one, 400 names selected_routine', async () => {
    const { routine } = await truckCheck();
    const whole = (await office.get(`/api/lpms/routines/${routine.id}/`)).body;
    expect((await office.post('/api/lpms/routines/assign/', { selected_routine: whole })).status).toBe(201);
    const before = await eventCount();
    const r = await office.post('/api/lpms/routines/assign/', {});
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('selected_routine');
    const bad = await office.post('/api/lpms/routines/assign/', { selected_routine: routine.id, due_date: 'next week' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('due_date');
    expect((await office.post('/api/lpms/routines/assign/', { selected_routine: '999999999' })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('given a do-routine, when a do-task is ticked done, then who and when are recorded by the server and shown; reopening clears them', async () => {
    const { routine } = await truckCheck();
    const d = (await office.post('/api/lpms/routines/assign/', { selected_routine: routine.id })).body;
    const task = d.do_routine_sets[0].do_set_tasks[0];
    const t0 = Date.now();
    const done = await office.post(`/api/lpms/do_tasks/${task.id}/done/`, { done_by: 'Someone Else', done_at: '1999-01-01' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: task.id, done: true, done_by: 'Office User' });
    expect(Date.parse(done.body.done_at)).toBeGreaterThanOrEqual(t0 - 1000);
    const again = await office.post(`/api/lpms/do_tasks/${task.id}/done/`);
    expect(again.body.done_at).toBe(done.body.done_at);
    const row = (await office.list('/api/lpms/do_routines/')).body.find((x: { id: string }) => x.id === d.id);
    expect(row).toMatchObject({ status: 'In progress', tasks_done: 1 });
    expect(row.do_routine_sets[0].do_set_tasks[0]).toMatchObject({ done: true, done_by: 'Office User', done_at: done.body.done_at });
    const history = (await office.get(`/api/lpms/do_routines/${d.id}/history/`)).body;
    expect(history.at(-1)).toMatchObject({ type: 'DoTaskDone', collection: 'do_tasks', line_id: task.id, user_name: 'Office User' });
    const reopened = await office.del(`/api/lpms/do_tasks/${task.id}/done/`);
    expect(reopened.body).toMatchObject({ done: false, done_by: null, done_at: null });
  });

  it('given a do-task, when a PUT sends done true or false, then it is the same tick rule; done_by from the client is ignored', async () => {
    const { routine } = await truckCheck();
    const d = (await office.post('/api/lpms/routines/assign/', { selected_routine: routine.id })).body;
    const task = d.do_routine_sets[1].do_set_tasks[0];
    const r = await office.put(`/api/lpms/do_tasks/${task.id}/`, { ...task, done: true, done_by: 'Forged', notes: 'Kit restocked', created_date: 'x' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ done: true, done_by: 'Office User', notes: 'Kit restocked' });
    const h = (await office.get(`/api/lpms/do_routines/${d.id}/history/`)).body;
    expect(h.slice(-2).map((e: { type: string }) => e.type)).toEqual(['DoTaskRevised', 'DoTaskDone']);
    expect((await office.put(`/api/lpms/do_tasks/${task.id}/`, { done: 'yes' })).status).toBe(400);
    expect((await office.put(`/api/lpms/do_tasks/${task.id}/`, { done: false })).body).toMatchObject({ done: false, done_by: null });
  });

  it('given every do-task ticked, when listed, then the do-routine is Done with completed_at; ?status=open leaves it out', async () => {
    const routine = await newRoutine({ name: 'Quick one' });
    const s = (await office.post('/api/lpms/sets/', { routine: routine.id, name: 'Only' })).body;
    await office.post('/api/lpms/tasks/', { routine: routine.id, set: s.id, name: 'Just this' });
    const d = (await office.post('/api/lpms/routines/assign/', { routine: routine.id })).body;
    await office.post(`/api/lpms/do_tasks/${d.do_routine_sets[0].do_set_tasks[0].id}/done/`);
    const row = (await office.list('/api/lpms/do_routines/?status=Done')).body.find((x: { id: string }) => x.id === d.id);
    expect(row).toMatchObject({ status: 'Done', tasks_done: 1, due_days_away: null });
    expect(row.completed_at).toBeTruthy();
    expect((await office.list('/api/lpms/do_routines/?status=open')).body.find((x: { id: string }) => x.id === d.id)).toBeUndefined();
  });

  it('given the spec\'s do-routine calls, when a do-routine is made by hand with do-sets and do-tasks, edited and deleted, then each answers as the spec says', async () => {
    const created = await office.post('/api/lpms/do_routines/', {});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ routine: null, do_routine_sets: [], status: 'Not started' });
    const id = created.body.id;
    const saved = await office.put(`/api/lpms/do_routines/${id}/`, { ...created.body, name: 'Yard walk', assigned_to: 'Sam', due_date: '2030-01-02', created_date: 'x', last_updated: 'y' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Yard walk', assigned_to: 'Sam', due_date: '2030-01-02' });
    expect((await office.put(`/api/lpms/do_routines/${id}/`, { due_date: '2030-02-31' })).body.fields).toHaveProperty('due_date');
    // POST /api/lpms/do_sets/ {do_routine}; POST /api/lpms/do_tasks/ {routine, set} as the spec sends it, and {do_routine, do_set}.
    const ds = await office.post('/api/lpms/do_sets/', { do_routine: id });
    expect(ds.status).toBe(201);
    expect(ds.body).toMatchObject({ do_routine: id });
    expect((await office.put(`/api/lpms/do_sets/${ds.body.id}`, { name: 'Fence line' })).body.name).toBe('Fence line');
    const dt1 = await office.post('/api/lpms/do_tasks/', { routine: id, set: ds.body.id });
    expect(dt1.status).toBe(201);
    expect(dt1.body).toMatchObject({ do_routine: id, set: ds.body.id, done: false, done_by: null, done_at: null });
    const dt2 = await office.post('/api/lpms/do_tasks/', { do_routine: id, do_set: ds.body.id, name: 'Gate locked' });
    expect(dt2.body).toMatchObject({ set: ds.body.id, name: 'Gate locked' });
    expect((await office.put(`/api/lpms/do_tasks/${dt1.body.id}/`, { name: 'Holes marked' })).body.name).toBe('Holes marked');
    expect((await office.del(`/api/lpms/do_tasks/${dt1.body.id}`)).status).toBe(200);
    const detail = (await office.get(`/api/lpms/do_routines/${id}/`)).body;
    expect(detail.do_routine_sets[0].do_set_tasks.map((t: { name: string }) => t.name)).toEqual(['Gate locked']);
    expect((await office.del(`/api/lpms/do_sets/${ds.body.id}`)).status).toBe(200);
    expect((await office.get(`/api/lpms/do_routines/${id}/`)).body.do_routine_sets).toEqual([]);
    expect((await office.del(`/api/lpms/do_routines/${id}`)).status).toBe(200);
    expect((await office.get(`/api/lpms/do_routines/${id}/`)).status).toBe(404);
    expect((await office.list('/api/lpms/do_routines/')).body.find((x: { id: string }) => x.id === id)).toBeUndefined();
  });

  it('given a do-routine, when a do-task names a routine\'s set (not one of its do-sets), then 400 names set and nothing is written', async () => {
    const { routine, outside } = await truckCheck();
    const d = (await office.post('/api/lpms/routines/assign/', { selected_routine: routine.id })).body;
    const before = await eventCount();
    const r = await office.post('/api/lpms/do_tasks/', { routine: d.id, set: outside.id });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('set');
    // A routine's id where a do-routine's is expected is not found.
    expect((await office.post('/api/lpms/do_sets/', { routine: routine.id })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });
});

describe('another account', () => {
  it('given another account\'s routine and do-routine, when it reads, edits, deletes, assigns, ticks or touches their lines, then 404, nothing is written and its lists never show them', async () => {
    const { routine, outside, tyres } = await truckCheck();
    const d = (await office.post('/api/lpms/routines/assign/', { selected_routine: routine.id })).body;
    const doSet = d.do_routine_sets[0];
    const doTask = doSet.do_set_tasks[0];
    const before = await eventCount();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/lpms/routines/${routine.id}/`],
      ['GET', `/api/lpms/routines/${routine.id}/history/`],
      ['PUT', `/api/lpms/routines/${routine.id}/`, { name: 'Mine now' }],
      ['DELETE', `/api/lpms/routines/${routine.id}`],
      ['POST', '/api/lpms/sets/', { routine: routine.id }],
      ['GET', `/api/lpms/sets/?routine=${routine.id}`],
      ['PUT', `/api/lpms/sets/${outside.id}/`, { name: 'x' }],
      ['DELETE', `/api/lpms/sets/${outside.id}`],
      ['POST', '/api/lpms/tasks/', { routine: routine.id, set: outside.id }],
      ['PUT', `/api/lpms/tasks/${tyres.id}/`, { name: 'x' }],
      ['DELETE', `/api/lpms/tasks/${tyres.id}`],
      ['POST', '/api/lpms/routines/assign/', { selected_routine: routine.id }],
      ['GET', `/api/lpms/do_routines/${d.id}/`],
      ['GET', `/api/lpms/do_routines/${d.id}/history/`],
      ['PUT', `/api/lpms/do_routines/${d.id}/`, { name: 'x' }],
      ['DELETE', `/api/lpms/do_routines/${d.id}`],
      ['POST', '/api/lpms/do_sets/', { do_routine: d.id }],
      ['PUT', `/api/lpms/do_sets/${doSet.id}`, { name: 'x' }],
      ['DELETE', `/api/lpms/do_sets/${doSet.id}`],
      ['POST', '/api/lpms/do_tasks/', { routine: d.id, set: doSet.id }],
      ['PUT', `/api/lpms/do_tasks/${doTask.id}/`, { done: true }],
      ['DELETE', `/api/lpms/do_tasks/${doTask.id}`],
      ['POST', `/api/lpms/do_tasks/${doTask.id}/done/`],
      ['DELETE', `/api/lpms/do_tasks/${doTask.id}/done/`],
    ];
    for (const [method, path, body] of calls) {
      const r = await rival.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}));
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    expect(await eventCount()).toBe(before);
    expect((await rival.list('/api/lpms/routines/')).body).toEqual([]);
    expect((await rival.list('/api/lpms/do_routines/')).body).toEqual([]);
  });
});
