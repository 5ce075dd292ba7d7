import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../shared/decider.ts';
import { given, meta, refusedWith } from '../shared/testing.ts';
import { jobDecider, type JobState } from './job.ts';
import type { JobCommand } from './commands.ts';
import { jobLinesOf } from './collections.ts';
import { jobLinesAsShown, jobView } from './view.ts';

const created = { type: 'JobCreated', data: { id: '100', values: { form_type: 'attorca', work_status: 'New', account_job_number: '2601' } } } as const;
const fold = (s: JobState, events: DomainEvent[]) => events.reduce((x, e) => jobDecider.evolve(x, e as never, meta()), s);
/** When a command: the events it makes and the state after them. */
const when = (s: JobState, c: Record<string, unknown>) => {
  const events = jobDecider.decide(c as JobCommand, s, meta());
  return { events, state: fold(s, events) };
};
/** Given these commands were accepted on a new ORCA job. */
const run = (commands: Record<string, unknown>[], from = given(jobDecider, [created as never]).state) => commands.reduce((s, c) => when(s, c).state, from);
const types = (events: DomainEvent[]) => events.map((e) => e.type);
const add = (collection: string, lineId: string, values: Record<string, unknown> = {}) => ({ type: 'AddLine', collection, lineId, values });
const revise = (collection: string, lineId: string, values: Record<string, unknown>) => ({ type: 'ReviseLine', collection, lineId, values });
const remove = (collection: string, lineId: string) => ({ type: 'RemoveLine', collection, lineId });
const taskIds = (s: JobState) => jobLinesOf(s.lines, 'job_tasks').map((t) => t.task_id);

describe('tasks of an ORCA job', () => {
  it('given no task, when tasks are added without task_id, then the first is 1.1 and the next 1.2', () => {
    const s = run([add('job_tasks', '101'), add('job_tasks', '102', { title: 'Bore' })]);
    expect(taskIds(s)).toEqual(['1.1', '1.2']);
    expect(s.lines.job_tasks['102']).toMatchObject({ title: 'Bore', work_status: 'New', job: '100' });
  });

  it('given task 1.9, when a task is added without task_id, then it is 2.0', () => {
    const s = run([add('job_tasks', '101', { task_id: 1.9 }), add('job_tasks', '102')]);
    expect(taskIds(s)).toEqual(['1.9', '2.0']);
  });

  it('given task 1.1, when another is added as 1.1 or 1.10, then 409 already_exists naming task_id', () => {
    const s = run([add('job_tasks', '101')]);
    for (const task_id of ['1.1', '1.10', 1.1]) {
      const e = refusedWith(() => jobDecider.decide(add('job_tasks', '102', { task_id }) as JobCommand, s, meta()));
      expect(e.code).toBe('already_exists');
      expect(e.fields).toEqual({ task_id: 'already exists on this job' });
    }
  });

  it('given two tasks, when one is renamed to the other\'s id or to blank, then it is refused', () => {
    const s = run([add('job_tasks', '101'), add('job_tasks', '102')]);
    expect(refusedWith(() => when(s, revise('job_tasks', '102', { task_id: '1.1' }))).code).toBe('already_exists');
    expect(refusedWith(() => when(s, revise('job_tasks', '102', { task_id: '' }))).fields).toEqual({ task_id: 'is required' });
  });

  it('given a task with lines, when it is renamed, then every line\'s task_id follows in the same decision', () => {
    const s = run([
      add('job_tasks', '101'),
      add('job_items', '110', { job_task: '101', qty: 1, price: 5 }),
      add('job_cibe_items', '111', { task_id: '1.1', issued_item_code: 'SVA-1' }),
      add('job_notes', '112', { note: 'job note' }),
    ]);
    expect(s.lines.job_cibe_items['111']).toMatchObject({ job_task: '101', task_id: '1.1' });
    const { events, state } = when(s, revise('job_tasks', '101', { task_id: 3 }));
    expect(types(events)).toEqual(['JobTaskRevised', 'JobItemRevised', 'JobCibeItemRevised']);
    expect(state.lines.job_items['110'].task_id).toBe('3.0');
    expect(state.lines.job_cibe_items['111']).toMatchObject({ job_task: '101', task_id: '3.0' });
    expect(state.lines.job_notes['112'].task_id).toBeUndefined();
  });

  it('given a line naming an unknown task_id, then 400 naming task_id; an unknown job_task, 400 naming job_task', () => {
    const s = run([add('job_tasks', '101')]);
    expect(refusedWith(() => when(s, add('job_permits', '120', { task_id: '4.4' }))).fields).toEqual({ task_id: 'is not a task of this job' });
    expect(refusedWith(() => when(s, add('job_permits', '120', { job_task: '999' }))).fields).toHaveProperty('job_task');
  });

  it('given a task with a coordinator code, when the code is removed, then the coordinator fields are cleared', () => {
    const s = run([add('job_tasks', '101', { coordinator_code: 'SVA-7', coordinator: 'Dana Reyes', coord_phone1: '918-555-0101' })]);
    expect(s.lines.job_tasks['101']).toMatchObject({ coordinator: 'Dana Reyes', coord_phone1: '918-555-0101' });
    const after = jobLinesOf(when(s, revise('job_tasks', '101', { coordinator_code: '' })).state.lines, 'job_tasks')[0];
    expect(after).toMatchObject({ coordinator: null, coord_phone1: null, coord_phone2: null, coordinator_email: null });
  });

  it('given a task with lines of every kind and permits, when it is removed, then each of its lines is removed once, the others stay, and the job\'s permit date recedes', () => {
    const s = run([
      add('job_tasks', '101'),
      add('job_tasks', '102'),
      add('job_cibe_items', '110', { job_task: '101', issued_item_code: 'SVA-1' }),
      add('job_permits', '111', { job_task: '101', expiration_date: '2026-12-01' }),
      add('job_notes', '112', { job_task: '101', note: 'Call the city' }),
      add('job_task_photos', '113', { job_task: '101', file_name: 'pit.png' }),
      add('job_task_files', '114', { job_task: '101', file_name: 'plan.pdf' }),
      add('job_timesheets', '115', { job_task: '101', timesheet_number: 'T1' }),
      add('job_timecards', '116', { job_timesheet: '115', hours: 8 }),
      add('job_cibe_emails', '117', { job_task: '101', subject: 'CIBE changes' }),
      add('job_permits', '120', { job_task: '102', expiration_date: '2026-12-10' }),
      add('job_permits', '121', { expiration_date: '2026-12-20' }),
      add('job_cibe_items', '122', { issued_item_code: 'SVA-2' }),
    ]);
    expect(s.fields.permit_expiration_date).toBe('2026-12-01');
    const { events, state } = when(s, remove('job_tasks', '101'));
    expect(types(events).sort()).toEqual(
      ['JobCibeEmailRemoved', 'JobCibeItemRemoved', 'JobNoteRemoved', 'JobPermitRemoved', 'JobRevised', 'JobTaskFileRemoved', 'JobTaskPhotoRemoved', 'JobTaskRemoved', 'JobTimecardRemoved', 'JobTimesheetRemoved'].sort(),
    );
    expect(events.at(-1)).toEqual({ type: 'JobRevised', data: { changes: { permit_expiration_date: { old: '2026-12-01', new: '2026-12-10' } } } });
    expect(Object.keys(state.lines.job_tasks)).toEqual(['102']);
    expect(Object.keys(state.lines.job_permits).sort()).toEqual(['120', '121']);
    expect(Object.keys(state.lines.job_cibe_items)).toEqual(['122']);
    for (const c of ['job_notes', 'job_task_photos', 'job_task_files', 'job_timesheets', 'job_timecards', 'job_cibe_emails']) expect(state.lines[c], c).toEqual({});
  });

  it('given a task with no permits, when it is removed, then the job\'s permit date stays', () => {
    const s = run([add('job_tasks', '101'), add('job_permits', '121', { expiration_date: '2026-12-20' })]);
    expect(types(when(s, remove('job_tasks', '101')).events)).toEqual(['JobTaskRemoved']);
  });
});

describe('CIBE lines of an ORCA job', () => {
  const sheet = run([
    add('job_tasks', '101'),
    add('job_cibe_items', '110', { issued_item_code: 'A' }),
    add('job_cibe_items', '111', { issued_item_code: 'B' }),
    add('job_cibe_items', '112', { issued_item_code: 'C' }),
    add('job_cibe_items', '113', { job_task: '101', issued_item_code: 'T1' }),
    add('job_cibe_items', '114', { job_task: '101', issued_item_code: 'T2' }),
  ]);
  const numbers = (s: JobState) => jobLinesOf(s.lines, 'job_cibe_items').map((l) => [l.issued_item_code, l.line_number]);

  it('given lines without numbers, then each sheet (the job\'s own, a task\'s) numbers them 1, 2, 3 on its own', () => {
    // Answered in line-number order (then as added), whatever the sheet.
    expect(numbers(sheet)).toEqual([['A', 1], ['T1', 1], ['B', 2], ['T2', 2], ['C', 3]]);
  });

  it('given lines 1 to 3, when a line is added at 2, then the lines from 2 on move down one first, in the same decision, and the task\'s sheet is left alone', () => {
    const { events, state } = when(sheet, add('job_cibe_items', '115', { line_number: 2, issued_item_code: 'NEW' }));
    expect(events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([['JobCibeItemRevised', '111'], ['JobCibeItemRevised', '112'], ['JobCibeItemAdded', '115']]);
    expect(events[0].data).toEqual({ id: '111', changes: { line_number: { old: 2, new: 3 } } });
    expect(numbers(state)).toEqual([['A', 1], ['T1', 1], ['T2', 2], ['NEW', 2], ['B', 3], ['C', 4]]);
  });

  it('given lines 1 to 3, when a line is added at a free number, then no line moves', () => {
    expect(types(when(sheet, add('job_cibe_items', '115', { line_number: 9 })).events)).toEqual(['JobCibeItemAdded']);
  });

  it('given a line, when a PUT sets line_zeroed true, then CibeLineZeroed sets it and CIBE qty 0 with the message; other changes of the PUT are a revision', () => {
    const s = run([revise('job_cibe_items', '110', { issued_item_qty: 10, CIBE_item_qty: 12 })], sheet);
    const { events, state } = when(s, revise('job_cibe_items', '110', { line_zeroed: true, CIBE_item_qty: 5, issued_item_description: 'Bore' }));
    expect(events).toEqual([
      { type: 'JobCibeItemRevised', data: { id: '110', changes: { issued_item_description: { old: null, new: 'Bore' } } } },
      { type: 'CibeLineZeroed', data: { id: '110', changes: { line_zeroed: { old: false, new: true }, CIBE_item_qty: { old: 12, new: 0 } }, message: 'A Quantity 12 changed to 0' } },
    ]);
    expect(state.lines.job_cibe_items['110']).toMatchObject({ line_zeroed: true, CIBE_item_qty: 0, issued_item_description: 'Bore' });
    expect(when(state, revise('job_cibe_items', '110', { line_zeroed: true })).events).toEqual([]);
  });

  it('given a line added zeroed, then it holds CIBE qty 0', () => {
    expect(when(sheet, add('job_cibe_items', '115', { issued_item_qty: 3, CIBE_item_qty: 3, line_zeroed: true })).state.lines.job_cibe_items['115']).toMatchObject({ line_zeroed: true, CIBE_item_qty: 0, line_number: 4 });
  });

  it('given a selection, when it is zeroed, then one CibeLineZeroed per line not zeroed already', () => {
    const s = run([revise('job_cibe_items', '111', { line_zeroed: true })], sheet);
    const { events, state } = when(s, { type: 'ChangeCibeLines', action: 'zero', ids: ['110', '111', '112', '110'] });
    expect(events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([['CibeLineZeroed', '110'], ['CibeLineZeroed', '112']]);
    expect(jobLinesOf(state.lines, 'job_cibe_items').filter((l) => l.line_zeroed).map((l) => l.id)).toEqual(['110', '111', '112']);
  });

  it('given a selection, when it is deleted, then each line is removed', () => {
    const { events, state } = when(sheet, { type: 'ChangeCibeLines', action: 'delete', ids: ['110', '113'] });
    expect(types(events)).toEqual(['JobCibeItemRemoved', 'JobCibeItemRemoved']);
    expect(Object.keys(state.lines.job_cibe_items).sort()).toEqual(['111', '112', '114']);
  });

  it('given a selection, when it is assigned to a task and back to the job, then job_task and task_id follow and the lines go to the end of their new sheet', () => {
    const { state } = when(sheet, { type: 'ChangeCibeLines', action: 'assign_task', ids: ['111', '110'], job_task: '101' });
    expect(state.lines.job_cibe_items['110']).toMatchObject({ job_task: '101', task_id: '1.1', line_number: 3 });
    expect(state.lines.job_cibe_items['111']).toMatchObject({ job_task: '101', task_id: '1.1', line_number: 4 });
    const back = when(state, { type: 'ChangeCibeLines', action: 'assign_task', ids: ['110'], job_task: null }).state;
    const jobSheet = jobLinesOf(back.lines, 'job_cibe_items').filter((l) => !l.job_task).map((l) => Number(l.line_number));
    expect(back.lines.job_cibe_items['110']).toMatchObject({ job_task: null, task_id: null, line_number: Math.max(...jobSheet) });
    expect(new Set(jobSheet).size).toBe(jobSheet.length);
  });

  it('given a selection with an id that is no CIBE line of the job, then it is refused naming ids and nothing changes', () => {
    const e = refusedWith(() => when(sheet, { type: 'ChangeCibeLines', action: 'zero', ids: ['110', '999'] }));
    expect(e.code).toBe('invalid');
    expect(e.fields).toEqual({ ids: '999 not a CIBE line of this job' });
  });

  it('given a selection, when it is assigned to a task that is not the job\'s, then it is refused naming job_task', () => {
    expect(refusedWith(() => when(sheet, { type: 'ChangeCibeLines', action: 'assign_task', ids: ['110'], job_task: '999' })).fields).toHaveProperty('job_task');
  });
});

describe('permits and the permit expiration dates of an ORCA job and its tasks', () => {
  const jobDate = (s: JobState) => s.fields.permit_expiration_date ?? null;
  const taskDate = (s: JobState, id = '101') => s.lines.job_tasks[id].task_permit_expiration_date ?? null;

  it('given permits without line numbers, then each is numbered after the job\'s last; a number sent is kept', () => {
    const s = run([add('job_permits', '110'), add('job_permits', '111', { permits_line_number: 7 }), add('job_permits', '112')]);
    expect(jobLinesOf(s.lines, 'job_permits').map((p) => p.permits_line_number)).toEqual([1, 7, 8]);
  });

  it('given a task, when a permit is added to it, then PermitSaved sets the job\'s date and a JobTaskRevised the task\'s', () => {
    const { events, state } = when(run([add('job_tasks', '101')]), add('job_permits', '110', { task_id: '1.1', expiration_date: '2026-12-10' }));
    expect(events).toEqual([
      expect.objectContaining({ type: 'JobPermitAdded' }),
      { type: 'PermitSaved', data: { id: '110', expiration_date: '2026-12-10', job_task: '101', changes: { permit_expiration_date: { old: null, new: '2026-12-10' } } } },
      { type: 'JobTaskRevised', data: { id: '101', changes: { task_permit_expiration_date: { old: null, new: '2026-12-10' } } } },
    ]);
    expect([jobDate(state), taskDate(state)]).toEqual(['2026-12-10', '2026-12-10']);
  });

  it('given dates set, when a later permit is added, then PermitSaved changes nothing; when an earlier one is added to the job, only the job\'s date moves', () => {
    const s = run([add('job_tasks', '101'), add('job_permits', '110', { job_task: '101', expiration_date: '2026-12-10' })]);
    const later = when(s, add('job_permits', '111', { job_task: '101', expiration_date: '2026-12-20' }));
    expect(types(later.events)).toEqual(['JobPermitAdded', 'PermitSaved']);
    expect((later.events[1].data as { changes: unknown }).changes).toEqual({});
    const earlier = when(s, add('job_permits', '111', { expiration_date: '2026-12-05' }));
    expect(types(earlier.events)).toEqual(['JobPermitAdded', 'PermitSaved']);
    expect([jobDate(earlier.state), taskDate(earlier.state)]).toEqual(['2026-12-05', '2026-12-10']);
  });

  it('given a permit with no date, when it is added, then no PermitSaved', () => {
    expect(types(when(run([]), add('job_permits', '110', { permit_number: 'P-1' })).events)).toEqual(['JobPermitAdded']);
  });

  describe('given a job permit of 12-05 and task permits of 12-10 and 12-20', () => {
    const s = run([
      add('job_tasks', '101'),
      add('job_permits', '110', { job_task: '101', expiration_date: '2026-12-10' }),
      add('job_permits', '111', { job_task: '101', expiration_date: '2026-12-20' }),
      add('job_permits', '112', { expiration_date: '2026-12-05' }),
    ]);

    it('then the job\'s date is the earliest of all and the task\'s the earliest of its own', () => {
      expect([jobDate(s), taskDate(s)]).toEqual(['2026-12-05', '2026-12-10']);
    });

    it('when the job\'s earliest permit is deleted, then a JobRevised recedes the job\'s date to the next earliest', () => {
      const { events, state } = when(s, remove('job_permits', '112'));
      expect(events).toEqual([expect.objectContaining({ type: 'JobPermitRemoved' }), { type: 'JobRevised', data: { changes: { permit_expiration_date: { old: '2026-12-05', new: '2026-12-10' } } } }]);
      expect([jobDate(state), taskDate(state)]).toEqual(['2026-12-10', '2026-12-10']);
    });

    it('when the task\'s earliest permit moves later, then the task\'s date recedes to its next earliest and the job\'s stays', () => {
      const { events, state } = when(s, revise('job_permits', '110', { expiration_date: '2026-12-30' }));
      expect(types(events)).toEqual(['JobPermitRevised', 'PermitSaved', 'JobTaskRevised']);
      expect([jobDate(state), taskDate(state)]).toEqual(['2026-12-05', '2026-12-20']);
    });

    it('when the task\'s permits are deleted, then the task\'s date is blank', () => {
      const state = run([remove('job_permits', '110'), remove('job_permits', '111')], s);
      expect([jobDate(state), taskDate(state)]).toEqual(['2026-12-05', null]);
    });

    it('when a task permit moves earlier than the job\'s, then both dates follow it', () => {
      const state = run([revise('job_permits', '111', { expiration_date: '2026-12-01' })], s);
      expect([jobDate(state), taskDate(state)]).toEqual(['2026-12-01', '2026-12-01']);
    });

    it('when the task\'s earliest permit moves to the job (job_task null, or task_id blank as a form sends it), then the task\'s date recedes and the job\'s stays', () => {
      for (const values of [{ job_task: null }, { task_id: '' }, { job_task: '', task_id: '1.1' }]) {
        const state = run([revise('job_permits', '110', values)], s);
        expect(state.lines.job_permits['110'], JSON.stringify(values)).toMatchObject({ job_task: null, task_id: null });
        expect([jobDate(state), taskDate(state)]).toEqual(['2026-12-05', '2026-12-20']);
      }
    });

    it('when a permit is edited without touching its date or task, then no date moves', () => {
      expect(types(when(s, revise('job_permits', '110', { agency: 'City of Tulsa' })).events)).toEqual(['JobPermitRevised']);
    });
  });
});

describe('an ORCA job and its tasks as shown', () => {
  const s = run([
    add('job_tasks', '101', { estimated_crew_payout: 200, task_permit_expiration_date: '2026-11-30' }),
    add('job_tasks', '102'),
    add('job_items', '110', { job_task: '101', qty: 10, price: 20 }),
    add('job_items', '111', { qty: 1, price: 1000 }),
    add('job_change_orders', '112', { job_task: '101', qty: 1, price: 50 }),
    add('job_crew_payouts', '113', { job_task: '101', crew_payout_amount: 75 }),
    add('job_invoices', '114', { job_task: '101', invoice_amount: 125 }),
    add('job_cibe_items', '115', { job_task: '101', issued_item_qty: 10, issued_item_price: 2.5, CIBE_item_qty: 12 }),
    add('job_cibe_items', '116', { issued_item_qty: 4, issued_item_price: 10, CIBE_item_qty: 0, line_zeroed: true }),
    add('job_permits', '117', { job_task: '101', expiration_date: '2026-12-02' }),
    add('job_notes', '118', { job_task: '101', note: 'Call the city' }),
  ]);

  it('then the job shows the CIBE grand totals of every line, its own and its tasks\', and its task count', () => {
    expect(jobView(s)).toMatchObject({ CIBE_issued_grand_total: 65, CIBE_job_grand_total: 30, CIBE_job_grand_total_difference: -35, task_count: 2 });
  });

  it('then a task shows its totals, CIBE totals, permit days left and nested lists; another task shows empty lists and zero totals', () => {
    const shown = jobLinesAsShown(s.lines, '2026-11-25');
    const task = shown.job_tasks['101'];
    expect(task).toMatchObject({
      task_item_po_amount: 200,
      task_total_change_orders: 50,
      task_total: 250,
      task_total_job_invoiced_actual: 125,
      task_total_crew_payouts: 75,
      task_total_crew_payouts_est: 200,
      task_total_gross_profit: 175,
      task_payout_pct: 37.5,
      CIBE_issued_total: 25,
      CIBE_total: 30,
      CIBE_total_difference: 5,
      // A date typed on the task earlier than its permit's stays (the earliest wins).
      task_permit_days_left: 5,
    });
    const ids = (key: string) => (task[key] as { id: string }[]).map((l) => l.id);
    expect([ids('job_task_items'), ids('job_task_change_orders'), ids('job_task_crew_payouts'), ids('job_task_invoices'), ids('job_task_cibe_items'), ids('job_task_permits'), ids('job_task_notes')]).toEqual([['110'], ['112'], ['113'], ['114'], ['115'], ['117'], ['118']]);
    // Nested lines are shown as their lists show them: computed fields included.
    expect((task.job_task_cibe_items as Record<string, unknown>[])[0]).toMatchObject({ issued_item_total: 25, CIBE_item_total: 30, CIBE_item_qty_diff: 2 });
    expect((task.job_task_permits as Record<string, unknown>[])[0]).toMatchObject({ permit_days_left: 7 });
    expect(shown.job_tasks['102']).toMatchObject({ task_total: 0, task_payout_pct: null, job_task_items: [], job_task_photos: [], task_permit_days_left: null });
    // Shown on read, never folded into the task itself.
    expect(s.lines.job_tasks['101']).not.toHaveProperty('task_total');
  });
});
