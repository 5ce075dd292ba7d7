import { describe, expect, it } from 'vitest';
import { chainText, jobPathOf, locateFormLogic, toPayload } from './formLogic';

describe("the locate form's logic", () => {
  it('given a locate, then the form holds only the fields the detail edits', () => {
    const v = locateFormLogic.valuesOf({ id: '5', current_ticket_number: 'A100', job_ref: '9', locate_status: 'Active' });
    expect(Object.keys(v)).not.toContain('job_ref');
    expect(v.current_ticket_number).toBe('A100');
    expect(v.current_work_date).toBeNull();
  });

  it('when saved, then blank text is null and archived a flag', () => {
    expect(toPayload({ locate_status: 'Marked', current_ticket_type: 'Normal', current_ticket_number: ' ', current_alt_ticket_number: 'B1', current_date_submitted: null, current_work_date: '', current_date_expiration: '2026-03-18', archived: null })).toEqual({
      locate_status: 'Marked',
      current_ticket_type: 'Normal',
      current_ticket_number: null,
      current_alt_ticket_number: 'B1',
      current_date_submitted: null,
      current_work_date: null,
      current_date_expiration: '2026-03-18',
      archived: false,
    });
  });

  it('given an assignment, then the job link is the task page, the ORCA job or the base job', () => {
    expect(jobPathOf({ form_type: 'attorca_locate', account_job_number: '1024', task_id: '1.1' })).toBe('/job/orca/1024/task/1.1');
    expect(jobPathOf({ form_type: 'attorca_locate', account_job_number: '1024' })).toBe('/job/orca/1024');
    expect(jobPathOf({ form_type: 'base_locate', account_job_number: '77', job_ref: '12' })).toBe('/job/77');
    expect(jobPathOf({ form_type: 'base_locate', job_ref: null })).toBeNull();
  });

  it('given a chain of re-ups, then it reads first to current', () => {
    expect(chainText(['A100', 'A220', 'A371'])).toBe('A100 → A220 → A371');
    expect(chainText([])).toBe('');
  });
});
