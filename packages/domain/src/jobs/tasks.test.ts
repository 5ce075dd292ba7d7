import { describe, expect, it } from 'vitest';
import { refusedWith } from '../shared/testing.ts';
import { bindTask, coordinatorFill, nextTaskId, requireFreeTaskId, taskIdField, taskIdText, taskTotals } from './tasks.ts';

const line = (id: string, v: Record<string, unknown> = {}) => ({ id, ...v });

describe('task ids (spec 2 sections 4 and 9)', () => {
  it('a task id is kept and shown with one decimal, whether sent as a number or as text', () => {
    expect(taskIdText(1.1)).toBe('1.1');
    expect(taskIdText('1.1')).toBe('1.1');
    expect(taskIdText(2)).toBe('2.0');
    expect(taskIdText('2.0')).toBe('2.0');
    expect(taskIdText(' 3.4 ')).toBe('3.4');
    expect(taskIdText('1.15')).toBeNull();
    expect(taskIdText('abc')).toBeNull();
    expect(taskIdText(0)).toBeNull();
    expect(taskIdText(-1)).toBeNull();
  });

  it('given a task id field, then 1.1, "1.1", 2 and "2.0" parse to their one-decimal text and blank to null', () => {
    const f = taskIdField();
    expect(f.parse(1.1)).toBe('1.1');
    expect(f.parse('1.1')).toBe('1.1');
    expect(f.parse(2)).toBe('2.0');
    expect(f.parse('2.0')).toBe('2.0');
    expect(f.parse('')).toBeNull();
    expect(f.parse(null)).toBeNull();
    expect(f.parse(undefined)).toBeUndefined();
  });

  it('given a task id with two decimals, letters, 0 or a negative number, then the field refuses it', () => {
    const f = taskIdField();
    for (const bad of ['1.15', 'abc', 0, -1, '-1.1', 1.15]) {
      const res = f.safeParse(bad);
      expect(res.success, String(bad)).toBe(false);
      expect(res.error?.issues[0].message).toBe('must be a task number such as 1.1');
    }
  });

  it('given no task, then the next is 1.1; then each adds 0.1 rounded to one decimal, 1.9 giving 2.0 and 9.9 giving 10.0', () => {
    expect(nextTaskId([])).toBe('1.1');
    expect(nextTaskId(['1.1'])).toBe('1.2');
    expect(nextTaskId(['1.1', '1.2', '1.9'])).toBe('2.0');
    expect(nextTaskId([1.9])).toBe('2.0');
    expect(nextTaskId(['9.9'])).toBe('10.0');
    expect(nextTaskId(['2.0'])).toBe('2.1');
  });

  it('given tasks not in order, then the next follows the highest, not the last added; blanks are skipped', () => {
    expect(nextTaskId(['1.1', '1.5', '1.2'])).toBe('1.6');
    expect(nextTaskId([null, '', '1.3', undefined])).toBe('1.4');
  });

  it('given a task 2.0, when another takes 2 or 2.0, then it is refused already_exists naming task_id; the task itself may keep it', () => {
    const tasks = [line('10', { task_id: '1.1' }), line('11', { task_id: '2.0' })];
    for (const taken of ['2', '2.0']) {
      const e = refusedWith(() => requireFreeTaskId(tasks, taken));
      expect(e.code).toBe('already_exists');
      expect(e.fields).toEqual({ task_id: 'already exists on this job' });
    }
    expect(refusedWith(() => requireFreeTaskId([line('12', { task_id: 2 })], '2.0')).code).toBe('already_exists');
    expect(() => requireFreeTaskId(tasks, '2.0', '11')).not.toThrow();
    expect(() => requireFreeTaskId(tasks, '1.2')).not.toThrow();
  });
});

describe('the task a line belongs to (bindTask)', () => {
  const tasks = { '10': line('10', { task_id: '1.1' }), '11': line('11', { task_id: '1.2' }) };

  it('given job_task and a task_id that disagree, then job_task wins and sets task_id', () => {
    expect(bindTask({ qty: 1, job_task: '11', task_id: '1.1' }, tasks)).toEqual({ qty: 1, job_task: '11', task_id: '1.2' });
  });

  it('given a task_id alone, sent as a number or as text, then it finds its task', () => {
    expect(bindTask({ task_id: 1.2 }, tasks)).toEqual({ job_task: '11', task_id: '1.2' });
    expect(bindTask({ task_id: '1.10' }, tasks)).toEqual({ job_task: '10', task_id: '1.1' });
  });

  it('given a task_id that is no task of the job, then 400 naming task_id', () => {
    const e = refusedWith(() => bindTask({ task_id: '9.9' }, tasks));
    expect(e.code).toBe('invalid');
    expect(e.fields).toEqual({ task_id: 'is not a task of this job' });
    expect(refusedWith(() => bindTask({ task_id: '1.1' }, undefined)).code).toBe('invalid');
  });

  it('given null for either, then both are cleared: the line becomes the job\'s own', () => {
    expect(bindTask({ job_task: null }, tasks)).toEqual({ job_task: null, task_id: null });
    expect(bindTask({ task_id: null }, tasks)).toEqual({ task_id: null, job_task: null });
  });

  it('given a blank job_task or task_id, as a form sends it, then both are cleared as with null', () => {
    expect(bindTask({ job_task: '', task_id: '1.1' }, tasks)).toEqual({ job_task: '', task_id: null });
    expect(bindTask({ task_id: '' }, tasks)).toEqual({ task_id: '', job_task: null });
  });

  it('given neither, then the values are left as sent', () => {
    expect(bindTask({ qty: 2 }, tasks)).toEqual({ qty: 2 });
  });
});

describe('a task\'s totals (spec 2 sections 3 and 5)', () => {
  const lines = {
    items: [line('1', { qty: 10, price: 12.5 }), line('2', { qty: 0, price: 5 }), line('3', { qty: 3, price: 0 }), line('4', { qty: '0.1', price: '0.2' })],
    changeOrders: [line('5', { qty: 1, price: 50.1 })],
    invoices: [line('6', { invoice_amount: 100.2 }), line('7', { invoice_amount: 0.1 })],
    payouts: [
      line('8', { crew_payout_amount: 100, category: 'Crew Payout' }),
      line('9', { crew_payout_amount: 50, category: 'Materials Payout' }),
      line('10', { crew_payout_amount: 0.5 }),
    ],
  };

  it('given items, change orders, invoices and payouts, then every total follows in exact cents and the payout percent has 2 decimals', () => {
    expect(taskTotals(line('20', { estimated_crew_payout: 301 }), lines)).toEqual({
      // Lines count at qty x price only when both are above 0; 0.1 x 0.2 is 0.02.
      task_item_po_amount: 125.02,
      task_total_change_orders: 50.1,
      task_total: 175.12,
      task_total_job_invoiced_actual: 100.3,
      // Only the Crew Payout category counts (a payout with no category is one).
      task_total_crew_payouts: 100.5,
      task_total_crew_payouts_est: 301,
      task_total_gross_profit: 74.62,
      task_payout_pct: 33.39,
    });
  });

  it('given no estimated crew payout, then the payout percent is blank; no lines give zero totals', () => {
    expect(taskTotals(line('20'), lines).task_payout_pct).toBeNull();
    expect(taskTotals(line('20', { estimated_crew_payout: 0 }), lines).task_payout_pct).toBeNull();
    expect(taskTotals(line('20', { estimated_crew_payout: 10 }), { items: [], changeOrders: [], invoices: [], payouts: [] })).toEqual({
      task_item_po_amount: 0,
      task_total_change_orders: 0,
      task_total: 0,
      task_total_job_invoiced_actual: 0,
      task_total_crew_payouts: 0,
      task_total_crew_payouts_est: 10,
      task_total_gross_profit: 0,
      task_payout_pct: 0,
    });
  });
});

describe('the task coordinator lookup (spec 2 section 5)', () => {
  const found = { coordinator: 'Dana Reyes', coord_phone1: '918-555-0101', coordinator_email: 'dana@att.example' };

  it('given no code, then the coordinator fields are cleared', () => {
    const cleared = { coordinator: null, coord_phone1: null, coord_phone2: null, coordinator_email: null };
    expect(coordinatorFill('', found)).toEqual(cleared);
    expect(coordinatorFill('  ', found)).toEqual(cleared);
    expect(coordinatorFill(null, null)).toEqual(cleared);
  });

  it('given a code Settings knows, then its coordinator fills every field, blank where Settings has none', () => {
    expect(coordinatorFill('SVA-7', found)).toEqual({ coordinator: 'Dana Reyes', coord_phone1: '918-555-0101', coord_phone2: null, coordinator_email: 'dana@att.example' });
  });

  it('given a code Settings does not know, then the fields are left as the user typed them', () => {
    expect(coordinatorFill('SVA-9', null)).toEqual({});
  });
});
