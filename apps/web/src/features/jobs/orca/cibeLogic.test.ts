import { describe, expect, it } from 'vitest';
import { jobCibeItems } from '@trenchline/domain';
import { cibeFormFields, cibeLinesInOrder, emailFileName, emailText, svaFill, svaOptionLabel, svaOptions } from './cibeLogic';

const codes = [
  { code: 'A-100', description: 'Bore 2in', rate: 12.5 },
  { code: 'B-7', description: null, rate: null },
];

describe('the SVA code fill', () => {
  it('given a code of the sheet (any case, spaces), when chosen, then its description and rate fill the line', () => {
    expect(svaFill(' a-100 ', codes)).toEqual({ issued_item_description: 'Bore 2in', issued_item_price: 12.5 });
  });

  it('given a code with no rate, then the price is blank', () => {
    expect(svaFill('B-7', codes)).toEqual({ issued_item_description: null, issued_item_price: null });
  });

  it('given a code the sheet does not hold or none, then nothing is filled', () => {
    expect(svaFill('Z-1', codes)).toBeNull();
    expect(svaFill('', codes)).toBeNull();
  });

  it('given codes, when offered, then each code comes once and reads with its description', () => {
    expect(svaOptions([...codes, { code: 'a-100', description: 'again' }])).toEqual(['a-100', 'B-7']);
    expect(svaOptionLabel('A-100', codes)).toBe('A-100 · Bore 2in');
    expect(svaOptionLabel('B-7', codes)).toBe('B-7');
  });
});

describe('the table order', () => {
  it('given lines of the job and two tasks, then the job own lines come first, then each task in task id order, each by line number', () => {
    const tasks = [
      { id: 't2', task_id: '1.2' },
      { id: 't1', task_id: '1.1' },
    ];
    const lines = [
      { id: 'x', job_task: 't2', line_number: 1 },
      { id: 'y', job_task: 't1', line_number: 2 },
      { id: 'z', job_task: null, line_number: 3 },
      { id: 'w', job_task: 't1', line_number: 1 },
      { id: 'v', line_number: 1 },
    ];
    expect(cibeLinesInOrder(lines, tasks).map((l) => l.id)).toEqual(['v', 'z', 'w', 'y', 'x']);
  });
});

describe('the email as a file', () => {
  it('given an email, then the text is its subject, a blank line and its body, under a safe name', () => {
    expect(emailText({ id: 'e', subject: 'CIBE 1004', email_body: 'Line 1' })).toBe('CIBE 1004\n\nLine 1\n');
    expect(emailFileName('1004', '1.2')).toBe('CIBE email 1004 task 1.2.txt');
    expect(emailFileName('A/B', null)).toBe('CIBE email A-B.txt');
  });
});

describe('the CIBE line panel', () => {
  it('given the CIBE collection, then the panel edits the table fields and the print fields, never the task', () => {
    const names = cibeFormFields(jobCibeItems).map((f) => f.name);
    expect(names.slice(0, 3)).toEqual(['line_number', 'issued_item_code', 'issued_item_description']);
    expect(names).toEqual(expect.arrayContaining(['CIBE_item_qty', 'issued_item_printstep', 'issued_item_step', 'issued_item_print']));
    expect(names).not.toContain('job_task');
    expect(names).not.toContain('task_id');
  });
});
