import { describe, expect, it } from 'vitest';
import { canImport, errorLine, errorsOfBody, previewSummary, type ImportPreview } from './csvImport';

const preview: ImportPreview = { file_name: 'a.csv', rows: 12, jobs: 3, tasks: 4, cibe_lines: 10, new_jobs: 2, existing_jobs: 1, errors: [], ok: true };

describe('the ORCA CSV import', () => {
  it('given a bad cell, when listed, then "Line 4, column issued_item_qty: <message>"', () => {
    expect(errorLine({ line: 4, column: 'issued_item_qty', value: 'ten', message: 'must be a number' })).toBe('Line 4, column issued_item_qty: must be a number');
  });

  it('given a preview, when it has errors or no rows, then Import is disabled', () => {
    expect(canImport(preview)).toBe(true);
    expect(canImport({ ...preview, ok: false, errors: [{ line: 2, column: 'job_number', message: 'required' }] })).toBe(false);
    expect(canImport({ ...preview, rows: 0 })).toBe(false);
    expect(canImport(null)).toBe(false);
  });

  it('given a preview, when summed up, then rows, jobs new and existing, tasks and CIBE lines', () => {
    expect(previewSummary(preview)).toBe('12 rows: 3 jobs (2 new, 1 existing), 4 tasks, 10 CIBE lines');
    expect(previewSummary({ ...preview, rows: 1, jobs: 1, tasks: 1, cibe_lines: 1, new_jobs: 1, existing_jobs: 0 })).toBe('1 row: 1 job (1 new, 0 existing), 1 task, 1 CIBE line');
  });

  it('given a 400 body, when read, then its errors, else none', () => {
    expect(errorsOfBody({ errors: [{ line: 3, column: 'title', message: 'x' }] })).toHaveLength(1);
    expect(errorsOfBody({ message: 'bad' })).toEqual([]);
    expect(errorsOfBody(null)).toEqual([]);
  });
});
