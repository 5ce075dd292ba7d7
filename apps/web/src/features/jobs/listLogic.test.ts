import { describe, expect, it } from 'vitest';
import { poValues } from '../../components/record/PurchaseOrderModal';
import type { JobRow, SegmentRollup } from './api/listJobs';
import {
  DEFAULT_SORT,
  formTypeLabel,
  JOB_PO_FIELDS,
  othersOnly,
  segmentLine,
  shownColumns,
  shownJob,
} from './listLogic';

const TYPES = [
  { name: 'attorca', ux_name: 'AT&T ORCA (task based)', form_title: 'ORCA Job' },
  { name: 'attfiber', ux_name: 'AT&T Fiber', form_title: 'Fiber Job' },
  { name: 'base', ux_name: 'Base', form_title: 'Job' },
];

const job = (over: Partial<JobRow>): JobRow =>
  ({ id: '1', account_job_number: null, title: null, form_type: 'base', pdf_bundle: null, job_days_left: null, segment_rollups: [], ...over }) as JobRow;

const segment = (over: Partial<SegmentRollup>): SegmentRollup => ({
  id: 's',
  segment_number: '1',
  work_status: null,
  feet: 400,
  plan_days: null,
  segment_total_feet: 0,
  segment_total_days: 0,
  production_payouts: 0,
  percent_complete: 0,
  ...over,
});

describe('the job list order', () => {
  it('is days left ascending by default', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'job_days_left', dir: 'asc' });
  });
});

describe('rows as shown', () => {
  it('name the form type as the server\'s list does, else by its name', () => {
    expect(formTypeLabel('attfiber', TYPES)).toBe('AT&T Fiber');
    expect(formTypeLabel('newtype', TYPES)).toBe('newtype');
    expect(formTypeLabel('base', undefined)).toBe('base');
    expect(formTypeLabel(null, TYPES)).toBe('');
  });
  it('count the segments and say each one\'s roll-up on hover', () => {
    const row = shownJob(
      job({ segment_rollups: [segment({ segment_number: '1', work_status: 'Current', segment_total_feet: 120, percent_complete: 30 }), segment({ segment_number: '2', feet: null, percent_complete: null })] }),
      TYPES,
    );
    expect(row.segment_count).toBe(2);
    expect(row.form_type_label).toBe('Base');
    expect(row.segment_summary).toBe('Seg 1 (Current): 120 of 400 ft, 30%\nSeg 2: 0 of ? ft');
    expect(segmentLine(segment({ segment_number: '3', feet: 1500, segment_total_feet: 1500, percent_complete: 100 }))).toBe('Seg 3: 1,500 of 1,500 ft, 100%');
    expect(shownJob(job({ segment_rollups: undefined }), TYPES).segment_count).toBe(0);
  });
  it('leave ORCA jobs off the all-other-jobs dashboard', () => {
    expect(othersOnly([job({ id: '1', form_type: 'attorca' }), job({ id: '2', form_type: 'attfiber' }), job({ id: '3', form_type: null })]).map((r) => r.id)).toEqual(['2', '3']);
  });
  it('hide the money columns in public mode', () => {
    const cols = [{ key: 'title' }, { key: 'total_job' }, { key: 'total_job_invoiced_actual' }, { key: 'total_gross_profit' }, { key: 'crew_string' }];
    expect(shownColumns(cols, false)).toHaveLength(5);
    expect(shownColumns(cols, true).map((c) => c.key)).toEqual(['title', 'crew_string']);
  });
});

describe('the PO data modal', () => {
  it('sends only its editable fields, blanks as null, money to the cent', () => {
    expect(JOB_PO_FIELDS.filter((f) => f.readOnly).map((f) => f.name)).toContain('total_po_item_amounts');
    expect(poValues(JOB_PO_FIELDS, { po_job_number: ' PO-77 ', py_po_complete_date: '2026-04-01', billing_due_date: null, total_po_item_amounts: 5, total_job: 9 })).toEqual({
      po_job_number: 'PO-77',
      py_po_complete_date: '2026-04-01',
      billing_due_date: null,
    });
    expect(poValues([{ name: 'po_amount', label: 'PO amount', kind: 'money' }], { po_amount: 9999.999 })).toEqual({ po_amount: 10000 });
    expect(poValues([{ name: 'po_number', label: 'PO', kind: 'text' }], { po_number: '' })).toEqual({ po_number: null });
  });
});
