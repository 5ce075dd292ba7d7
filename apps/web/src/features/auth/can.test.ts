import { describe, expect, it } from 'vitest';
import { can } from './can';

describe('what each role is offered', () => {
  it('given an admin, then everything', () => {
    expect(can('admin', 'manage users') && can('admin', 'change settings') && can('admin', 'write') && can('admin', { area: '/bid/' })).toBe(true);
  });

  it('given an office user, then every area and write, but not users or settings', () => {
    expect([can('office', 'write'), can('office', { area: '/bid/' }), can('office', 'manage users'), can('office', 'change settings')]).toEqual([true, true, false, false]);
  });

  it('given a field user, then jobs, tickets, locates and reports only, and no money', () => {
    expect(['/job/', '/ticket/', '/locate/', '/report/', '/bid/', '/settings/', '/sales/'].map((area) => can('field', { area }))).toEqual([true, true, true, true, false, false, false]);
    expect(can('field', 'see money')).toBe(false);
  });

  it('given an auditor, then every area and no write; given no user, then nothing', () => {
    expect([can('auditor', { area: '/settings/' }), can('auditor', 'write'), can('auditor', 'see money'), can(undefined, 'write')]).toEqual([true, false, true, false]);
  });

  it('given a field user, then they write tickets and locates but not a job itself, and run no bulk action', () => {
    expect(['/ticket/', '/locate/', '/job/', '/bid/'].map((area) => can('field', { writeRecords: area }))).toEqual([true, true, false, false]);
    expect(can('field', 'run bulk actions')).toBe(false);
  });

  it('given a field user, then they write their jobs\' field lines and a ticket\'s lines, not a job\'s office lines nor payroll', () => {
    const lines = ['job_notes', 'job_productions', 'job_segments', 'job_damage_report_photos', 'job_tasks', 'job_crews', 'job_work_orders', 'job_materials', 'job_items', 'ticket_productions', 'ticket_payroll', 'bid_items'];
    expect(lines.map((writeLines) => can('field', { writeLines }))).toEqual([true, true, true, true, true, false, false, false, false, true, false, false]);
    expect([can('office', { writeLines: 'job_crews' }), can('auditor', { writeLines: 'job_notes' })]).toEqual([true, false]);
    // Money and payroll lines are not even read: their sections are left out.
    expect(['job_items', 'job_timesheets', 'job_crews', 'job_cibe_items'].map((readLines) => can('field', { readLines }))).toEqual([false, false, true, true]);
    expect([can('auditor', { readLines: 'job_items' }), can('office', { readLines: 'job_items' })]).toEqual([true, true]);
  });

  it('given an office user or an admin, then they write every area\'s records and run bulk actions', () => {
    expect([can('office', { writeRecords: '/job/' }), can('office', 'run bulk actions'), can('admin', { writeRecords: '/job/' }), can('admin', 'run bulk actions')]).toEqual([true, true, true, true]);
  });

  it('given an auditor, then no record is written and no bulk action runs (the server keeps bulk reports for the office too)', () => {
    expect([can('auditor', { writeRecords: '/ticket/' }), can('auditor', { writeRecords: '/job/' }), can('auditor', 'run bulk actions'), can(undefined, { writeRecords: '/ticket/' })]).toEqual([false, false, false, false]);
  });

  it('given a field user or an auditor, then no ticket is approved nor its edit asked for; the office and admins may (the server\'s approve is office work)', () => {
    expect((['field', 'auditor', 'office', 'admin'] as const).map((role) => can(role, 'approve tickets'))).toEqual([false, false, true, true]);
  });
});
