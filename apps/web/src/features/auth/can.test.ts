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
});
